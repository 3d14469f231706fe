/** The printed catalogue's page geometry, colours and type sizes, shared by its parts. */

// A4 portrait in points, with room below the table for the footer.
export const MARGIN = { top: 40, bottom: 50, left: 40, right: 40 };
export const CONTENT_WIDTH = 595.28 - MARGIN.left - MARGIN.right;
export const COLOURS = {
  brand: '#2f5d34',
  tint: '#e3ece0',
  stripe: '#f6f8f5',
  rule: '#d3dccf',
  text: '#1f2420',
  muted: '#5b675d',
  white: '#ffffff',
};
export const PAD_X = 6;
export const PAD_Y = 4;
export const BODY_SIZE = 9;
export const FOOTER_SIZE = 7.5;
