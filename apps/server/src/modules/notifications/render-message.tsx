/** @jsxRuntime automatic */
import { render } from '@react-email/render';
import { MessageEmail } from './message-email.tsx';
import { MESSAGE_WORDS, type MessageDocument } from './message-document.ts';

/** An e-mail's two parts, drawn from one document so that they say the same. */
export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
}

function underlined(title: string): string {
  return `${title}\n${'-'.repeat(title.length)}`;
}

/** The plain-text part: the same content in reading order, links written out in full. */
export function messageText(document: MessageDocument): string {
  const blocks: string[] = [document.branding.companyName, underlined(document.heading), ...document.opening];
  if (document.action) blocks.push(`${document.action.label}: ${document.action.url}`);
  if (document.manage) blocks.push(`${document.manage.label}: ${document.manage.url}`);
  for (const section of document.sections) {
    if (section.kind === 'rows') {
      blocks.push([underlined(section.title), ...section.rows.map((row) => `${row.label}: ${row.value}`)].join('\n'));
    } else {
      const lines = section.lines.map((line) => (line.amount ? `${line.label}: ${line.amount}` : line.label));
      blocks.push(
        [underlined(section.title), ...lines, `Total: ${section.total}`, ...(section.note ? [section.note] : [])].join(
          '\n',
        ),
      );
    }
  }
  if (document.prepare.length)
    blocks.push([underlined(MESSAGE_WORDS.prepareTitle), ...document.prepare.map((text) => `- ${text}`)].join('\n'));
  if (document.calendarLinks.length) {
    blocks.push(
      [
        underlined(MESSAGE_WORDS.calendarIntro),
        ...document.calendarLinks.map((link) => `${link.label}: ${link.url}`),
        MESSAGE_WORDS.icsHint,
      ].join('\n'),
    );
  }
  if (document.contact) {
    const { name, phone, email } = document.contact;
    blocks.push(`Questions or changes: ${[name, phone, email].filter(Boolean).join(', ')}. ${MESSAGE_WORDS.replyHint}`);
  }
  return `${blocks.join('\n\n')}\n`;
}

export async function renderMessage(document: MessageDocument): Promise<RenderedMessage> {
  return {
    subject: document.subject,
    html: await render(<MessageEmail document={document} />),
    text: messageText(document),
  };
}
