/** @jsxRuntime automatic */
// The pragma: the server runs through tsx without a tsconfig at the working directory, so JSX is
// told here to use React's automatic runtime (no React import in scope).
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import type { MessageDocument, MessageSection } from './message-document.ts';
import { MESSAGE_WORDS } from './message-document.ts';

const INK = '#1b2733';
const MUTED = '#4a5a6a';
const LINE = '#d8dee4';

/** Black or white, whichever reads better on the company's colour (WCAG relative luminance). */
export function textOn(hex: string): string {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with white is 1.05 / (L + 0.05); with black (L + 0.05) / 0.05: pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

// Stryker disable StringLiteral,ObjectLiteral: from here on these are the e-mail's looks (colours,
// sizes, spacing), which no unit test can judge; e2e/emails.test.ts renders the messages at 375
// and 1280 px, light and dark, for width and axe, and the screenshots are looked at.
/**
 * The page is grey where mail programs read the style block, white where they do not. Dark mode: mail programs that honour prefers-color-scheme get light text on a dark page; the
 * others invert the light design themselves, which its plain colours survive.
 */
const DARK_MODE = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  body { background-color: #f3f5f7; }
  @media (prefers-color-scheme: dark) {
    html, body, .page { background-color: #11161c !important; }
    .card { background-color: #1b232c !important; border-color: #33404d !important; }
    .ink { color: #e8edf2 !important; }
    .muted { color: #b4c0cc !important; }
    .accent { color: #9cc8f0 !important; }
  }
`;

function Rows({ section }: { section: Extract<MessageSection, { kind: 'rows' }> }) {
  return (
    <Section>
      {section.rows.map((row, index) => (
        <Text key={index} className="ink" style={{ margin: '0 0 6px', fontSize: 15, lineHeight: '22px', color: INK }}>
          <span className="muted" style={{ color: MUTED }}>
            {row.label}:
          </span>{' '}
          {row.href ? (
            <Link className="accent" href={row.href} style={{ color: 'inherit', textDecoration: 'underline' }}>
              {row.value}
            </Link>
          ) : (
            <span style={{ whiteSpace: 'pre-line' }}>{row.value}</span>
          )}
        </Text>
      ))}
    </Section>
  );
}

function Price({ section }: { section: Extract<MessageSection, { kind: 'price' }> }) {
  const cell = { padding: '4px 0', fontSize: 15, lineHeight: '22px', color: INK, verticalAlign: 'top' as const };
  return (
    // A real table: a screen reader reads each line's name with its amount.
    <table role="table" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }}>
      <tbody>
        {section.lines.map((line, index) => (
          <tr key={index}>
            <td className="ink" style={cell}>
              {line.label}
            </td>
            <td className="ink" style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap', paddingLeft: 12 }}>
              {line.amount}
            </td>
          </tr>
        ))}
        <tr>
          <th
            scope="row"
            className="ink"
            style={{ ...cell, textAlign: 'left', borderTop: `1px solid ${LINE}`, fontWeight: 700 }}
          >
            Total
          </th>
          <td
            className="ink"
            style={{
              ...cell,
              textAlign: 'right',
              borderTop: `1px solid ${LINE}`,
              fontWeight: 700,
              whiteSpace: 'nowrap',
            }}
          >
            {section.total}
          </td>
        </tr>
        {section.note && (
          <tr>
            <td colSpan={2} className="muted" style={{ ...cell, color: MUTED, fontSize: 13 }}>
              {section.note}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** A part of the e-mail under its heading, in the company's colour. */
function Titled({ title, color, children }: { title: string; color: string; children: ReactNode }) {
  return (
    <Section>
      <Heading as="h2" className="accent" style={{ margin: '24px 0 8px', fontSize: 17, lineHeight: '24px', color }}>
        {title}
      </Heading>
      {children}
    </Section>
  );
}

/** Who to call or write, at the foot of a client's or agent's e-mail. */
function ContactLine({ contact }: { contact: NonNullable<MessageDocument['contact']> }) {
  return (
    <>
      <Hr style={{ borderColor: LINE, margin: '24px 0 16px' }} />
      <Text className="muted" style={{ margin: 0, fontSize: 14, lineHeight: '21px', color: MUTED }}>
        Questions or changes: {contact.name}
        {contact.phone && (
          <>
            {', '}
            <Link
              className="accent"
              href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
              style={{ color: 'inherit', textDecoration: 'underline' }}
            >
              {contact.phone}
            </Link>
          </>
        )}
        {contact.email && (
          <>
            {', '}
            <Link
              className="accent"
              href={`mailto:${contact.email}`}
              style={{ color: 'inherit', textDecoration: 'underline' }}
            >
              {contact.email}
            </Link>
          </>
        )}
        . {MESSAGE_WORDS.replyHint}
      </Text>
    </>
  );
}

/** One e-mail of an order: the company's mark, the opening, the details, the one action, the office. */
export function MessageEmail({ document }: { document: MessageDocument }) {
  const { branding } = document;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{document.subject}</title>
        <style>{DARK_MODE}</style>
      </Head>
      <Preview>{document.preview}</Preview>
      <Body className="page" style={{ margin: 0, padding: '16px 0', fontFamily: 'Helvetica, Arial, sans-serif' }}>
        {/* The main landmark: a screen reader's user lands on the message itself. */}
        <div role="main">
          <Container
            className="card"
            style={{
              maxWidth: 600,
              width: '100%',
              backgroundColor: '#ffffff',
              border: `1px solid ${LINE}`,
              borderRadius: 8,
              padding: '24px 20px',
            }}
          >
            <Section>
              {branding.logoUrl ? (
                <Img
                  src={branding.logoUrl}
                  alt={branding.companyName}
                  height={48}
                  style={{ height: 48, width: 'auto', maxWidth: '100%' }}
                />
              ) : (
                <Text className="accent" style={{ margin: 0, fontSize: 18, fontWeight: 700, color: branding.color }}>
                  {branding.companyName}
                </Text>
              )}
            </Section>
            <Heading
              as="h1"
              className="ink"
              style={{ margin: '20px 0 12px', fontSize: 24, lineHeight: '30px', color: INK }}
            >
              {document.heading}
            </Heading>
            {document.opening.map((paragraph, index) => (
              <Text
                key={index}
                className="ink"
                style={{ fontSize: 15, lineHeight: '22px', color: INK, whiteSpace: 'pre-line', margin: '0 0 12px' }}
              >
                {paragraph}
              </Text>
            ))}
            {(document.action || document.manage) && (
              <Section style={{ margin: '16px 0 8px' }}>
                {document.action && (
                  <Button
                    href={document.action.url}
                    style={{
                      backgroundColor: branding.color,
                      color: textOn(branding.color),
                      borderRadius: 6,
                      padding: '12px 24px',
                      fontSize: 16,
                      fontWeight: 700,
                      textDecoration: 'none',
                      margin: '0 12px 8px 0',
                    }}
                  >
                    {document.action.label}
                  </Button>
                )}
                {document.manage && (
                  // The second button: outlined in the company's colour, its words in the text colour (readable on any brand colour, light or dark).
                  <Button
                    href={document.manage.url}
                    className="ink"
                    style={{
                      border: `2px solid ${branding.color}`,
                      color: INK,
                      borderRadius: 6,
                      padding: '10px 22px',
                      fontSize: 16,
                      fontWeight: 700,
                      textDecoration: 'none',
                      margin: '0 0 8px',
                    }}
                  >
                    {document.manage.label}
                  </Button>
                )}
              </Section>
            )}
            {document.sections.map((section, index) => (
              <Titled key={index} title={section.title} color={branding.color}>
                {section.kind === 'rows' ? <Rows section={section} /> : <Price section={section} />}
              </Titled>
            ))}
            {document.prepare.length > 0 && (
              <Titled title={MESSAGE_WORDS.prepareTitle} color={branding.color}>
                <ul style={{ margin: 0, paddingLeft: 20 }}>
                  {document.prepare.map((text, index) => (
                    <li
                      key={index}
                      className="ink"
                      style={{ fontSize: 15, lineHeight: '22px', color: INK, marginBottom: 6 }}
                    >
                      {text}
                    </li>
                  ))}
                </ul>
              </Titled>
            )}
            {document.calendarLinks.length > 0 && (
              <Titled title={MESSAGE_WORDS.calendarIntro} color={branding.color}>
                <Text className="ink" style={{ margin: '0 0 6px', fontSize: 15, lineHeight: '22px', color: INK }}>
                  {document.calendarLinks.map((link, index) => (
                    <span key={link.url}>
                      {index > 0 && ' · '}
                      <Link
                        className="accent"
                        href={link.url}
                        style={{ color: branding.color, textDecoration: 'underline' }}
                      >
                        {link.label}
                      </Link>
                    </span>
                  ))}
                </Text>
                <Text className="muted" style={{ margin: 0, fontSize: 13, lineHeight: '20px', color: MUTED }}>
                  {MESSAGE_WORDS.icsHint}
                </Text>
              </Titled>
            )}
            {document.contact && <ContactLine contact={document.contact} />}
          </Container>
        </div>
      </Body>
    </Html>
  );
}
