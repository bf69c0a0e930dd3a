/**
 * npx tsx scripts/artwork/make-reports.ts: writes the internship reports listed on /Report
 * as small PDF 1.4 files in public/files/reports/, one page of Helvetica text each.
 * The PDFs are written by hand (no library): five objects, a cross-reference table with
 * the byte offset of each object, and a trailer. Only ASCII text is used, so one character
 * is one byte and the offsets are exact.
 */
import fs from 'node:fs';
import path from 'node:path';

interface Report {
  file: string;
  title: string;
  subtitle: string;
  summary: string[];
  highlights: string[];
}

const reports: Report[] = [
  {
    file: 'web-development-internship-2025.pdf',
    title: 'Web Development Internship Report 2025',
    subtitle: 'InternCraft - online internship programme',
    summary: [
      'This report summarises the 2025 batches of our online Web Development internship.',
      'Interns built responsive websites with HTML, CSS and JavaScript, then moved on to',
      'React on the front end and Node.js with a database on the back end. Every intern',
      'worked with a mentor from the industry who reviewed their code each week.',
    ],
    highlights: [
      'Students registered: 5200+',
      'Projects in the programme: 20',
      'Standard duration: 8 weeks (4, 6, 8 or 12 week options)',
      'Mentor in charge: Rohit Verma',
    ],
  },
  {
    file: 'data-science-internship-2025.pdf',
    title: 'Data Science Internship Report 2025',
    subtitle: 'InternCraft - online internship programme',
    summary: [
      'This report summarises the 2025 batches of our online Data Science internship.',
      'Interns cleaned and explored real data sets with Python, built dashboards, and',
      'trained and evaluated their first machine learning models. Each project ended',
      'with a short presentation of findings to the mentor and the batch.',
    ],
    highlights: [
      'Students registered: 4800+',
      'Projects in the programme: 18',
      'Standard duration: 12 weeks (4, 6, 8 or 12 week options)',
      'Mentor in charge: Ananya Iyer',
    ],
  },
  {
    file: 'digital-marketing-internship-2025.pdf',
    title: 'Digital Marketing Internship Report 2025',
    subtitle: 'InternCraft - online internship programme',
    summary: [
      'This report summarises the 2025 batches of our online Digital Marketing internship.',
      'Interns planned social media calendars, wrote search-friendly content, set up',
      'ad campaigns on test budgets and learnt to read analytics reports. The programme',
      'needed no prior knowledge and started from the basics of online marketing.',
    ],
    highlights: [
      'Students registered: 4600+',
      'Projects in the programme: 8',
      'Standard duration: 4 weeks (4, 6, 8 or 12 week options)',
      'Weekly 1:1 review with an industry mentor',
    ],
  },
  {
    file: 'ui-ux-design-internship-2025.pdf',
    title: 'UI/UX Design Internship Report 2025',
    subtitle: 'InternCraft - online internship programme',
    summary: [
      'This report summarises the 2025 batches of our online UI/UX Design internship.',
      'Interns interviewed users, mapped user journeys, drew wireframes and built',
      'clickable prototypes, then tested them with real users. Each intern finished',
      'with case studies for a design portfolio.',
    ],
    highlights: [
      'Students registered: 3100+',
      'Projects in the programme: 9',
      'Standard duration: 6 weeks (4, 6, 8 or 12 week options)',
      'Mentor in charge: Kavya Reddy',
    ],
  },
  {
    file: 'corporate-law-internship-2025.pdf',
    title: 'Corporate Law Internship Report 2025',
    subtitle: 'InternCraft - online internship programme',
    summary: [
      'This report summarises the 2025 batches of our online Corporate Law internship.',
      'Interns researched company law questions, drafted agreements and board',
      'resolutions, and prepared compliance checklists under the guidance of',
      'practising advocates who reviewed their drafts every week.',
    ],
    highlights: [
      'Students registered: 2400+',
      'Projects in the programme: 6',
      'Standard duration: 8 weeks (4, 6, 8 or 12 week options)',
      'Weekly 1:1 review with a practising advocate',
    ],
  },
];

const closing = [
  'Every intern who completed the programme received an AICTE-approved certificate',
  'of completion and a recommendation letter. Certificates can be verified online',
  'at interncraft.in/certificate-verification with the certificate ID.',
];

/** Escapes text for a PDF string literal and refuses anything that is not printable ASCII. */
function pdfString(text: string): string {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`Only printable ASCII is allowed in a report: ${JSON.stringify(text)}`);
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** The page's content stream: lines of text placed from the top of an A4 page. */
function contentStream(report: Report): string {
  const ops: string[] = [];
  let y = 780;
  const line = (text: string, size: number, font: 'F1' | 'F2', gap: number) => {
    ops.push(`BT /${font} ${size} Tf 56 ${y} Td ${pdfString(text)} Tj ET`);
    y -= gap;
  };
  line('InternCraft', 12, 'F2', 34);
  line(report.title, 20, 'F2', 24);
  line(report.subtitle, 11, 'F1', 36);
  line('Summary', 13, 'F2', 20);
  for (const text of report.summary) line(text, 11, 'F1', 16);
  y -= 16;
  line('Programme at a glance', 13, 'F2', 20);
  for (const text of report.highlights) line(`-  ${text}`, 11, 'F1', 16);
  y -= 16;
  line('Certificates', 13, 'F2', 20);
  for (const text of closing) line(text, 11, 'F1', 16);
  y -= 24;
  line('InternCraft, Boring Road, Patna, Bihar 800001, India  |  info@interncraft.in', 9, 'F1', 12);
  // A thin rule under the brand name.
  ops.push('0.14 0.28 0.78 RG 1.5 w 56 770 m 539 770 l S');
  return ops.join('\n');
}

/** A complete one-page PDF 1.4 file. */
function makePdf(report: Report): Buffer {
  const stream = contentStream(report);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    `<< /Title ${pdfString(report.title)} /Author (InternCraft) /Producer (InternCraft make-reports) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  // Each xref entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, flag, space, newline.
  const entries = ['0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)];
  body += `xref\n0 ${objects.length + 1}\n${entries.join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xrefAt}\n%%EOF`;
  return Buffer.from(body, 'latin1');
}

const outDir = path.join(process.cwd(), 'public', 'files', 'reports');
fs.mkdirSync(outDir, { recursive: true });
for (const report of reports) {
  const pdf = makePdf(report);
  if (pdf.length >= 5 * 1024) throw new Error(`${report.file} is ${pdf.length} bytes; keep reports under 5 KB.`);
  fs.writeFileSync(path.join(outDir, report.file), pdf);
  console.log(`reports: ${report.file} (${pdf.length} bytes)`);
}
