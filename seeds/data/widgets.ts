import type { BusinessDetails } from '../../src/config.ts';

/**
 * Demo copy for every named widget on the public pages (spec §2). HTML uses only elements of the
 * shared rich-text list (shared/rich-text.ts: what the sanitiser keeps and the admin's editor
 * loads), in the editor's own shape (a blockquote holds paragraphs), so opening a widget and saving
 * it changes nothing; src/modules/widgets/sanitize.test.ts checks this. Business details come from
 * the configuration so the telephone, email and address match the footer and contact page.
 */

export interface TextWidgetSeed {
  name: string;
  html: string;
}

/** `01233 712 400` → `tel:+441233712400`. */
function telHref(telephone: string): string {
  const digits = telephone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('0') ? `+44${digits.slice(1)}` : digits}`;
}

/** Escapes configured values before they go into HTML. */
const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function textWidgets(b: BusinessDetails): TextWidgetSeed[] {
  const name = esc(b.name);
  const short = esc(b.shortName);
  const phone = `<a href="${telHref(b.telephone)}">${esc(b.telephone)}</a>`;
  const email = `<a href="mailto:${esc(b.email)}">${esc(b.email)}</a>`;
  const address = esc(b.address);
  const ico = '<a href="https://ico.org.uk/make-a-complaint/">ico.org.uk</a>';

  return [
    {
      name: 'HomeText',
      html: `<h2>Wholesale trees, hedging and shrubs, grown in Kent</h2>
<p>${short} is a wholesale nursery on the edge of Hothfield, between Ashford and Charing. We grow native hedging, field-grown and container-grown trees, ornamental shrubs and fruit rootstocks for the trade: <strong>landscape contractors, local authorities and garden centres</strong>.</p>
<p>Most of what we sell is grown on our own land, so we know how every batch has been raised — and we can tell you honestly what is ready now and what will be ready next season.</p>
<ul>
<li>Bare-root hedging and whips, lifted fresh to order from November to March</li>
<li>Standard, feathered and multi-stem trees in 7, 7.5 and 10 litre pots</li>
<li>Pot-grown shrubs and hedging from 9 cm to 10 litres</li>
<li>Apple, pear, plum and cherry rootstocks for fruit growers and nurseries</li>
</ul>`,
    },
    {
      name: 'HomeText2',
      html: `<h2>Ordering from us</h2>
<p>Browse the <a href="/catalogue">online catalogue</a> or download it as a PDF or Excel file, then send us your list. We reply with a written quotation, usually within one working day, including any quantity breaks and the delivery charge.</p>
<ol>
<li><strong>Send your list</strong> by email to ${email}, through the <a href="/contact">contact form</a> or by telephone on ${phone}.</li>
<li><strong>Confirm the quotation</strong> and we will reserve the plants and agree a lifting or loading date.</li>
<li><strong>Collect or take delivery</strong> — our own vehicles deliver across Kent, Sussex, Surrey, Essex and London, and we arrange pallet delivery further afield.</li>
</ol>
<p>Trade accounts are available to established businesses and public bodies, subject to references. <a href="/register">Register on the website</a> to keep your details on file.</p>`,
    },
    {
      name: 'AboutText',
      html: `<h2>About the nursery</h2>
<p>${short} grows on the greensand between the North Downs and the Weald, just west of Ashford. The light, free-draining soil suits bare-root production: plants lift cleanly in winter with a good fibrous root system, which is what gets a hedge or a new planting away in its first spring.</p>
<p>Alongside our open fields we run polytunnels and standing ground for container-grown stock, so we can supply plants for planting all year round — not just in the bare-root season.</p>
<h3>How we grow</h3>
<ul>
<li>Native hedging and trees raised from seed and cuttings of UK provenance wherever it is available</li>
<li>Container stock potted in peat-free growing media</li>
<li>Plants graded by height before they are listed, so that 60-90 cm means 60-90 cm</li>
<li>Every consignment travels with a UK Plant Passport</li>
</ul>`,
    },
    {
      name: 'AboutText2',
      html: `<h2>Who we work with</h2>
<p>Our customers range from one-person landscaping firms to county councils planting hedges by the kilometre. Whatever the size of the order, you will deal with people who grow the plants and can advise on what will thrive on your site.</p>
<ul>
<li><strong>Landscape contractors</strong> — plant lists priced quickly, batches reserved for phased projects and deliveries timed to your programme.</li>
<li><strong>Local authorities and public bodies</strong> — native hedging and trees for highways, parks, schools and woodland creation, with full plant health documentation.</li>
<li><strong>Garden centres and retail nurseries</strong> — reliable pot-grown lines, clearly labelled and delivered on Danish trolleys or pallets.</li>
<li><strong>Fruit growers and nurseries</strong> — certified rootstocks for budding and grafting.</li>
</ul>
<blockquote><p>Good plants, honest grading and a straight answer about availability: that is what trade customers tell us matters most, so that is what we concentrate on.</p></blockquote>
<p>If you would like to see the stock before you order, trade visits are welcome by appointment. <a href="/contact">Get in touch</a> to arrange one.</p>`,
    },
    {
      name: 'ShowsText',
      html: `<h2>Trade shows</h2>
<p>Each year we take a stand at a handful of horticultural and landscape trade events. They are a good chance to see the quality of our stock, meet the growers and talk through plant lists for the coming season.</p>
<h3>Shows we usually attend</h3>
<ul>
<li><strong>Four Oaks Trade Show</strong>, Cheshire — the largest outdoor horticultural trade show in the UK, held in late summer.</li>
<li><strong>The National Plant Show</strong>, Stoneleigh Park — the HTA's show for garden retail buyers and growers.</li>
<li><strong>GROW London</strong> — where we meet garden designers and landscape architects specifying planting for the season ahead.</li>
<li><strong>The Landscape Show</strong>, London — for landscape contractors, designers and local authority teams.</li>
<li><strong>The Kent County Show</strong>, Detling — our local show, where we meet customers from across the county.</li>
</ul>
<p>Confirmed dates and stand numbers are posted on this page once each show is booked. Trade customers can also ask to be told by email: send a note to ${email}.</p>
<p>Cannot make a show? You are welcome to visit the nursery by appointment instead.</p>`,
    },
    {
      name: 'CatalogueText',
      html: `<h2>Our trade catalogue</h2>
<p>The catalogue lists everything we currently grow, by <strong>genus and species</strong>, with the <strong>form</strong> it is supplied in and its <strong>height</strong> in centimetres. Search by name or filter by genus, form and height, or download the whole list as a PDF or an Excel spreadsheet to mark up and send back to us.</p>
<h3>Reading the catalogue</h3>
<ul>
<li><strong>Bare root</strong> plants are lifted from the field in the dormant season, <strong>November to March</strong>. Orders for bare-root stock are taken all year and lifted as soon as the season opens.</li>
<li><strong>9cm to 10L</strong> are container-grown plants; the figure is the pot size. These can be supplied and planted all year round.</li>
<li><strong>Heights</strong> are graded ranges in centimetres, such as 40-60 or 150-175.</li>
<li><strong>Rootstock</strong> lines are understocks for budding and grafting fruit trees.</li>
</ul>
<h3>Prices and availability</h3>
<p>Prices are <strong>on request</strong>: trade prices depend on quantity and delivery, so send us your list and we will return a written quotation. Availability changes weekly as batches sell and new ones reach grade, so the downloadable files are regenerated whenever the catalogue changes — check the date on the file.</p>
<p>Cannot find what you need? Ask us: we may have it coming through, or be able to source it from a trusted grower.</p>`,
    },
    {
      name: 'FindText',
      html: `<h2>How to find us</h2>
<p><strong>${name}</strong>, ${address}</p>
<h3>From the M20 (London, Maidstone and Folkestone)</h3>
<ol>
<li>Leave the M20 at <strong>junction 9 (Ashford)</strong>.</li>
<li>Follow the <strong>A20 towards Charing</strong>, heading north-west out of Ashford.</li>
<li>After about three miles you reach <strong>Hothfield</strong>. Turn left into <strong>Station Road</strong>.</li>
<li>The nursery entrance is on the left, signed <em>${short} – Trade Entrance</em>. Please report to the office on arrival.</li>
</ol>
<h3>From Charing and the west on the A20</h3>
<p>Follow the A20 towards Ashford. At Hothfield turn right into Station Road and continue to the trade entrance.</p>
<p>For satellite navigation use the postcode <strong>TN26 1AR</strong>, then follow the signs for the trade entrance rather than the village.</p>
<h3>Collections</h3>
<p>The opening hours are listed with the map. Please book collections in advance on ${phone} so that your order is lifted, checked and ready to load. The yard takes articulated lorries, and we load by forklift.</p>`,
    },
    {
      name: 'PrivacyPolicy',
      html: `<h2>Privacy policy</h2>
<p>This policy explains how ${name} ("we", "us") collects and uses personal data through this website. We are the data controller, and we handle your data in line with the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.</p>
<h3>What we collect</h3>
<ul>
<li><strong>Enquiries.</strong> When you use the contact form we collect your name, telephone number, email address and message, together with your IP address, which we use only to protect the form from abuse.</li>
<li><strong>Accounts.</strong> If you register, we hold your first name, last name and email address, your password (stored only as a one-way hash, never in readable form) and, if you switch it on, your two-factor authentication settings.</li>
<li><strong>Technical data.</strong> Our servers record requests, including IP addresses, in security logs used to keep the site running and to investigate misuse.</li>
</ul>
<h3>Why we use it, and our lawful basis</h3>
<ul>
<li>To answer enquiries and prepare quotations — our <em>legitimate interests</em> in responding to business contacts, or steps taken at your request before entering into a contract.</li>
<li>To provide your account and its security features — <em>performance of a contract</em> with you.</li>
<li>To keep records we must keep, such as invoices — <em>legal obligation</em>.</li>
</ul>
<p>We do not sell your data, use it for profiling or share it with advertisers.</p>
<h3>Who we share it with</h3>
<p>Only with the service providers who host this website and deliver our email, under contracts that require them to keep it secure and use it only on our instructions, and with authorities where the law requires it.</p>
<h3>How long we keep it</h3>
<ul>
<li>Enquiries: for up to two years after our last contact, unless they lead to an order.</li>
<li>Accounts: until you ask us to close your account.</li>
<li>Customer and order records: six years after the end of the financial year they relate to, as UK tax law requires.</li>
<li>Security logs: no longer than 90 days.</li>
</ul>
<h3>Your rights</h3>
<p>You have the right to ask for a copy of your data, to have it corrected or erased, to restrict or object to our use of it, and to receive it in a portable format. You can update your name, email address and password yourself in your account. To exercise any other right, contact us; we will reply within one month.</p>
<p>If you are unhappy with how we have handled your data, please tell us first. You may also complain to the Information Commissioner's Office at ${ico} or on 0303 123 1113.</p>
<h3>Contact</h3>
<p>${name}, ${address}. Email ${email}, telephone ${phone}.</p>`,
    },
    {
      name: 'BioSecurityPolicy',
      html: `<h2>Plant biosecurity policy</h2>
<p>Plant pests and diseases can spread quickly through the trade, and once established they are almost impossible to remove. We take our part in keeping them out of the UK seriously, and we ask our suppliers and customers to do the same.</p>
<h3>Registration and plant passports</h3>
<p>${name} is registered with the Animal and Plant Health Agency (APHA) as a professional operator, registration number <strong>${esc(b.plantHealthNumber)}</strong>, and is authorised to issue UK Plant Passports. Every consignment of plants for planting leaves the nursery with a UK Plant Passport, so each batch can be traced back to its source. We welcome inspections by APHA's plant health inspectors and act at once on their findings.</p>
<h3>Sourcing</h3>
<ul>
<li>We grow as much as we can ourselves, from UK-sourced seed and cuttings wherever possible.</li>
<li>Bought-in plants come only from registered suppliers we know, and must arrive with the correct documentation.</li>
<li>We buy high-risk hosts only from sources that meet the statutory requirements, and we do not import plants speculatively.</li>
</ul>
<h3>Quarantine and inspection</h3>
<p>Bought-in stock is checked on arrival and held apart from our own plants in a quarantine area until it has been inspected again and found free of pests and disease symptoms. Anything suspicious is isolated and reported.</p>
<h3>Pests and diseases we watch for</h3>
<ul>
<li><em><strong>Xylella fastidiosa</strong></em> — a bacterial disease not found in the UK. We take particular care with its host plants, including lavender, rosemary, olive and hebe, and source them only from suppliers meeting the statutory import requirements.</li>
<li><strong>Oak processionary moth</strong> (<em>Thaumetopoea processionea</em>) — we buy oak only in line with the legal requirements for this pest and check every oak before it is sold.</li>
<li><em>Phytophthora ramorum</em>, ash dieback and other notifiable or regulated organisms — our staff are trained to recognise them, and any suspected case is reported to APHA straight away.</li>
</ul>
<h3>Hygiene on the nursery</h3>
<ul>
<li>Clean tools, trays and vehicles; disinfection of secateurs and grafting knives between batches.</li>
<li>Weed-free standing beds and prompt removal of plant debris.</li>
<li>Irrigation water kept clean, with recycled water treated before reuse.</li>
<li>Visitors are asked to arrive with clean footwear and not to bring plant material on site.</li>
</ul>
<p>If you find a problem with plants you have bought from us, please tell us straight away on ${phone} or ${email}.</p>`,
    },
    {
      name: 'EnvironmentalPolicy',
      html: `<h2>Environmental policy</h2>
<p>A nursery depends on healthy soil, clean water and a stable climate, so looking after them is part of running a sound business. These are the commitments we work to and review every year.</p>
<h3>Peat-free growing</h3>
<p>All the container stock we pot ourselves is grown in <strong>peat-free media</strong>, based on composted bark, wood fibre and coir. Bare-root plants need no growing media at all — one more reason to plant in the bare-root season.</p>
<h3>Water</h3>
<ul>
<li>Rainwater is collected from polytunnel and building roofs and stored for irrigation.</li>
<li>Run-off from the container beds is captured, treated and recycled rather than lost.</li>
<li>Drip and sub-irrigation put water where the roots are, and irrigation is scheduled by weather and crop need, not by the clock.</li>
</ul>
<h3>Pots and packaging</h3>
<ul>
<li>Our pots are made from <strong>recycled plastic</strong> and are kerbside-recyclable.</li>
<li>Trade customers can return clean pots and trays for reuse.</li>
<li>Bare-root bundles are wrapped in the minimum of material, and Danish trolleys and pallets are returned and reused.</li>
</ul>
<h3>Integrated pest management</h3>
<p>We prevent problems first — healthy plants, good spacing, clean stock — and monitor crops every week with sticky traps and inspections. Where pests build up we use <strong>biological controls</strong> such as predatory mites and parasitic wasps, and we turn to approved pesticides only as a last resort, in the smallest effective amount and never as a routine.</p>
<h3>Land and wildlife</h3>
<p>Field margins and hedgerows around the nursery are left to flower and set seed, giving food and shelter to pollinators, birds and the natural enemies of crop pests.</p>
<h3>Energy and transport</h3>
<p>We plan deliveries to run full and on efficient routes, keep our vehicles well maintained and grow most of our plants without heat.</p>
<p>Questions or suggestions about this policy are welcome at ${email}.</p>`,
    },
    {
      name: 'CookiePolicy',
      html: `<h2>Cookie policy</h2>
<p>Cookies are small files a website stores in your browser. This website uses <strong>only strictly necessary cookies</strong> — the ones it cannot work without. We do not use analytics, advertising or social media cookies, and no third party sets cookies through our site, which is why we do not show a cookie banner.</p>
<h3>The cookies we use</h3>
<ul>
<li><strong>Session cookie</strong> — keeps you logged in as you move between pages and remembers steps such as two-factor sign-in. It cannot be read by scripts on the page, and it expires after two hours without activity or when you log out. If you tick <em>Remember me</em> when logging in, a further cookie keeps you logged in on that device until you log out.</li>
<li><strong>XSRF-TOKEN</strong> — a random security token that proves forms such as the contact form and login were sent from this website, protecting you against cross-site request forgery. It contains no personal information.</li>
</ul>
<h3>Managing cookies</h3>
<p>You can block or delete cookies in your browser's settings. If you block these cookies, the contact form, login and account pages will not work.</p>
<p>Read our <a href="/legal/privacy">privacy policy</a> for how we handle personal data. Questions about cookies are welcome at ${email}.</p>`,
    },
  ];
}

/** The IMAGE widget on the "How to find us" page; its picture is drawn by seeds/scenes/map.ts. */
export const FIND_IMAGE = {
  name: 'FindImage',
  alt:
    'Map of the roads around Hothfield Nurseries: leave the M20 at junction 9 for Ashford, follow the A20 north-west towards Charing, ' +
    'and at Hothfield turn left into Station Road, where the nursery trade entrance is on the left.',
} as const;
