import type {
  ParameterValue,
  ReportData,
  ReportResponse,
  ResultInfo,
  UiLanguageName,
} from '@cockpit/contracts';
import { type MailAttachment, escapeHtml, fill } from '../../mail';
import { chartPng } from './chart-image';
import type { ValueFormatter } from './value-format';

// The mail of one delivery (decision 029), in the recipient's language and culture: title, the parameter
// values used, "data as of", the KPIs, the charts as PNG images, the table's first rows, a link to the
// report with the same values and the unsubscribe link. An HTML and a plain-text part say the same. A
// dashboard's mail has, instead of the report's KPIs, charts and rows, one section per tile in layout
// order with the same parts of the tile's answer; a tile that could not be loaded says "not available".

export interface MailContentInput {
  language: UiLanguageName;
  formatter: ValueFormatter;
  timeZone: string;
  answer: ReportResponse;
  values: Record<string, ParameterValue>;
  include: { charts: boolean; tableRows: number };
  reportUrl: string;
  unsubscribeUrl: string;
  /** An alert's mail: what happened (above the report) and its condition (in the subject). */
  alert?: { lead: string; condition: string };
  /** A dashboard's mail: its tiles in layout order (the answer holds the dashboard's title only). */
  tiles?: MailTile[];
}

/** One tile of a dashboard's mail, loaded as its recipient. */
export interface MailTile {
  title: string;
  /** Null: the tile could not be loaded (broken, an attribute the recipient lacks, its source down). */
  data: ReportData | null;
  info: ResultInfo | null;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  images: MailAttachment[];
}

/** The parameter values used, as labels and texts in the recipient's language and culture. */
function parameterLines(input: MailContentInput): { label: string; value: string }[] {
  const { answer, language, formatter } = input;
  const rangeText = (value: unknown): string | null => {
    if (!value || typeof value !== 'object') return null;
    if ('preset' in value && typeof value.preset === 'string')
      return fill(language, `reports.range.${value.preset}`);
    if ('from' in value && 'to' in value)
      return `${formatter.format(String(value.from), 'date')} – ${formatter.format(String(value.to), 'date')}`;
    return null;
  };
  if (answer.parameters && answer.parameters.length > 0) {
    return answer.parameters.map((parameter) => {
      const value = parameter.value;
      const optionLabel = (chosen: string) =>
        parameter.options?.find((option) => option.value === chosen)?.label ?? chosen;
      let text: string;
      if (value === null || value === '' || (Array.isArray(value) && value.length === 0))
        text = fill(language, 'subscriptions.mail.allValues');
      else if (Array.isArray(value)) text = value.map(optionLabel).join(', ');
      else if (typeof value === 'number') text = formatter.format(value, 'number');
      else if (typeof value === 'string')
        text = parameter.type === 'date' ? formatter.format(value, 'date') : optionLabel(value);
      else text = rangeText(value) ?? JSON.stringify(value);
      return { label: parameter.label, value: text };
    });
  }
  return [];
}

/** Texts of the recipient's language with `{{name}}` values. */
type Texts = (key: string, values?: Record<string, string>) => string;

/** The KPIs, charts and first table rows of one answer (a report's, or a tile's), as the mail shows them. */
interface DataParts {
  kpis: { label: string; value: string }[];
  images: MailAttachment[];
  chartTitles: string[];
  table: ReportData['table'] | undefined;
  cells: string[][];
}

/** `data`'s parts; its chart images are numbered on from `imagesBefore` (one mail's images are chart-1, chart-2, …). */
function dataParts(
  data: ReportData | null | undefined,
  input: MailContentInput,
  imagesBefore: number,
): DataParts {
  const { formatter } = input;
  const kpis = (data?.kpis ?? []).map((kpi) => ({
    label: kpi.label,
    value: formatter.format(kpi.value, kpi.format),
  }));
  const images: MailAttachment[] = input.include.charts
    ? (data?.charts ?? []).map((chart, index) => ({
        filename: `chart-${imagesBefore + index + 1}.png`,
        content: chartPng(chart, formatter),
        contentType: 'image/png',
        cid: `chart-${imagesBefore + index + 1}@report-cockpit`,
      }))
    : [];
  const chartTitles = (data?.charts ?? []).map((chart) => chart.title);
  const table = data?.table;
  const rows = table && input.include.tableRows > 0 ? table.rows.slice(0, input.include.tableRows) : [];
  const cells = rows.map((row) =>
    row.map((cell, index) => formatter.format(cell, table!.columns[index]?.format ?? 'text')),
  );
  return { kpis, images, chartTitles, table, cells };
}

function moreRowsText(parts: DataParts, input: MailContentInput, t: Texts): string | null {
  const { table, cells } = parts;
  if (!table || table.totalRows <= cells.length) return null;
  const { formatter } = input;
  return t('subscriptions.mail.moreRows', {
    shown: formatter.format(cells.length, 'integer'),
    total: formatter.format(table.totalRows, 'integer'),
  });
}

function dataText(parts: DataParts, input: MailContentInput, t: Texts): string[] {
  const { kpis, images, chartTitles, table, cells } = parts;
  const text: string[] = [];
  for (const kpi of kpis) text.push(`${kpi.label}: ${kpi.value}`);
  if (kpis.length > 0) text.push('');
  if (images.length > 0)
    text.push(`${t('subscriptions.mail.chartsAttached')}: ${chartTitles.join(', ')}`, '');
  if (table && cells.length > 0) {
    text.push(table.columns.map((column) => column.label).join(' | '));
    for (const row of cells) text.push(row.join(' | '));
    const more = moreRowsText(parts, input, t);
    if (more) text.push(more);
    text.push('');
  }
  return text;
}

/** The HTML of `parts`; `chartHeadings`: each chart under its own title (a tile's has the tile's). */
function dataHtml(parts: DataParts, input: MailContentInput, t: Texts, chartHeadings: boolean): string[] {
  const { kpis, images, chartTitles, table, cells } = parts;
  const cell = 'padding:4px 8px;border-bottom:1px solid #dee2e6;text-align:left';
  const html: string[] = [];
  if (kpis.length > 0) {
    html.push('<table role="presentation" style="border-collapse:collapse;margin:8px 0"><tr>');
    for (const kpi of kpis)
      html.push(
        `<td style="padding:8px 16px 8px 0"><div style="color:#495057;font-size:13px">${escapeHtml(kpi.label)}</div><div style="font-size:20px;font-weight:bold">${escapeHtml(kpi.value)}</div></td>`,
      );
    html.push('</tr></table>');
  }
  images.forEach((image, index) => {
    const alt = chartTitles[index] ?? '';
    const heading = chartHeadings
      ? `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(alt)}</h2>`
      : '';
    html.push(
      `${heading}<img src="cid:${image.cid}" alt="${escapeHtml(alt)}" width="640" style="max-width:100%;height:auto;border:0">`,
    );
  });
  if (table && cells.length > 0) {
    html.push('<table style="border-collapse:collapse;margin:16px 0;font-size:13px"><thead><tr>');
    for (const column of table.columns)
      html.push(`<th style="${cell};background:#f1f3f5">${escapeHtml(column.label)}</th>`);
    html.push('</tr></thead><tbody>');
    for (const row of cells)
      html.push(`<tr>${row.map((value) => `<td style="${cell}">${escapeHtml(value)}</td>`).join('')}</tr>`);
    html.push('</tbody></table>');
    const more = moreRowsText(parts, input, t);
    if (more) html.push(`<p style="color:#495057">${escapeHtml(more)}</p>`);
  }
  return html;
}

/** A dashboard's tiles: each under its title, with its parts or "not available". */
function tileSections(tiles: readonly MailTile[], input: MailContentInput, t: Texts) {
  const text: string[] = [];
  const html: string[] = [];
  const images: MailAttachment[] = [];
  for (const tile of tiles) {
    text.push(tile.title);
    html.push(`<h2 style="font-size:18px;margin:24px 0 4px">${escapeHtml(tile.title)}</h2>`);
    if (!tile.data) {
      const notAvailable = t('subscriptions.mail.tileNotAvailable');
      text.push(notAvailable, '');
      html.push(`<p style="color:#495057">${escapeHtml(notAvailable)}</p>`);
      continue;
    }
    const parts = dataParts(tile.data, input, images.length);
    images.push(...parts.images);
    const own = dataText(parts, input, t);
    text.push(...(own.length > 0 ? own : ['']));
    html.push(...dataHtml(parts, input, t, false));
  }
  return { text, html, images };
}

/** When the data was read: a report's answer's time, a dashboard's oldest tile's; else now. */
function dataAsOfOf(input: MailContentInput): Date {
  const moments = input.tiles
    ? input.tiles.flatMap((tile) => (tile.info ? [new Date(tile.info.dataAsOf).getTime()] : []))
    : input.answer.info
      ? [new Date(input.answer.info.dataAsOf).getTime()]
      : [];
  return moments.length > 0 ? new Date(Math.min(...moments)) : new Date();
}

export function buildMailContent(input: MailContentInput): MailContent {
  const { answer, language, formatter } = input;
  const title = answer.report.title;
  const dashboard = input.tiles !== undefined;
  const dataAsOf = formatter.dateTime(dataAsOfOf(input), input.timeZone);
  const parameters = parameterLines(input);
  const t: Texts = (key, values) => fill(language, key, values);
  // An alert's mail is told apart from a subscription's by its subject: what it watches.
  const subject = input.alert
    ? t('subscriptions.mail.alertSubject', { title, condition: input.alert.condition })
    : t(dashboard ? 'subscriptions.mail.dashboardSubject' : 'subscriptions.mail.subject', { title });
  const openText = t(dashboard ? 'subscriptions.mail.openDashboard' : 'subscriptions.mail.open');
  const content = input.tiles
    ? tileSections(input.tiles, input, t)
    : (() => {
        const parts = dataParts(answer.data, input, 0);
        return {
          text: dataText(parts, input, t),
          html: dataHtml(parts, input, t, true),
          images: parts.images,
        };
      })();

  // ---- plain text
  const text: string[] = [];
  if (input.alert) text.push(input.alert.lead, '');
  text.push(title);
  if (answer.report.subTitle) text.push(answer.report.subTitle);
  text.push('');
  if (parameters.length > 0) {
    text.push(`${t('subscriptions.mail.parameters')}:`);
    for (const line of parameters) text.push(`  ${line.label}: ${line.value}`);
  }
  text.push(`${t('subscriptions.mail.dataAsOf')}: ${dataAsOf}`, '');
  text.push(...content.text);
  text.push(`${openText}: ${input.reportUrl}`, '');
  text.push(`${t('subscriptions.mail.unsubscribe')}: ${input.unsubscribeUrl}`);

  // ---- HTML (inline styles only: mail clients drop stylesheets)
  const html: string[] = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;background:#ffffff">',
  ];
  if (input.alert)
    html.push(`<p style="font-size:16px;font-weight:bold">${escapeHtml(input.alert.lead)}</p>`);
  html.push(`<h1 style="font-size:22px;margin:0 0 4px">${escapeHtml(title)}</h1>`);
  if (answer.report.subTitle)
    html.push(`<p style="margin:0 0 12px;color:#495057">${escapeHtml(answer.report.subTitle)}</p>`);
  if (parameters.length > 0) {
    html.push(
      `<p style="margin:8px 0 0;font-weight:bold">${escapeHtml(t('subscriptions.mail.parameters'))}</p><ul style="margin:4px 0 8px">`,
    );
    for (const line of parameters) html.push(`<li>${escapeHtml(line.label)}: ${escapeHtml(line.value)}</li>`);
    html.push('</ul>');
  }
  html.push(
    `<p style="color:#495057">${escapeHtml(t('subscriptions.mail.dataAsOf'))}: ${escapeHtml(dataAsOf)}</p>`,
  );
  html.push(...content.html);
  html.push(
    `<p><a href="${escapeHtml(input.reportUrl)}" style="display:inline-block;padding:8px 16px;background:#1971c2;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(openText)}</a></p>`,
    `<p style="font-size:12px;color:#495057">${escapeHtml(t('subscriptions.mail.why'))} <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#495057">${escapeHtml(t('subscriptions.mail.unsubscribe'))}</a></p>`,
    '</body></html>',
  );
  return { subject, text: `${text.join('\n')}\n`, html: html.join('\n'), images: content.images };
}
