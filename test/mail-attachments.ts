import ExcelJS from 'exceljs';
import { simpleParser } from 'mailparser';
import type { CapturedMail } from './smtp.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The first sheet of a captured mail's one XLSX attachment, as rows of cell values (header row
 * first). Throws when the mail does not carry exactly one attachment, or it is not a workbook.
 */
export async function xlsxAttachmentRows(mail: Pick<CapturedMail, 'raw'>): Promise<unknown[][]> {
  const { attachments } = await simpleParser(mail.raw);
  if (attachments.length !== 1) throw new Error(`expected one attachment, found ${attachments.length}`);
  const [file] = attachments;
  if (file!.contentType !== XLSX_TYPE) throw new Error(`the attachment is ${file!.contentType}, not an XLSX workbook`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file!.content as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
