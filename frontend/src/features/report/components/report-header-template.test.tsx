import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageMain } from '@/components/layouts/page-shell';
import { Container } from '@/components/ui/container';
import { ReportHeaderTemplate } from './report-header-template';
import { BELOW_THE_FOLD_CLASS, RESULTS_CONTAINER_CLASS, RESULTS_MAIN_CLASS, ReportHeader } from './results-screen';

interface Fields {
  Heading: string;
  Badge: string;
  Line: string;
  Notice: string;
  Full: boolean;
}

/** The template filled in as Go's html/template does for these (plain-text) values. */
function fill(template: string, fields: Fields): string {
  const set = (name: string) => Boolean(fields[name as keyof Fields]);
  // A part: anything up to the next if, else or end (the template nests none).
  const part = '((?:(?!\\{\\{(?:if|else|end)).)*)';
  return template
    .replace(new RegExp(`\\{\\{if \\.(\\w+)\\}\\}${part}\\{\\{else\\}\\}${part}\\{\\{end\\}\\}`, 'g'), (_, name: string, yes: string, no: string) => (set(name) ? yes : no))
    .replace(new RegExp(`\\{\\{if \\.(\\w+)\\}\\}${part}\\{\\{end\\}\\}`, 'g'), (_, name: string, text: string) => (set(name) ? text : ''))
    .replace(/\{\{\.(\w+)\}\}/g, (_, name: string) => String(fields[name as keyof Fields]));
}

/** The app's header for the same values, in the results page's main area. */
function appHeader(fields: Fields): string {
  return renderToStaticMarkup(
    <PageMain className={RESULTS_MAIN_CLASS}>
      <Container className={RESULTS_CONTAINER_CLASS}>
        <ReportHeader heading={fields.Heading} badge={fields.Badge} line={fields.Line} notice={fields.Notice} />
        <div className={fields.Full ? BELOW_THE_FOLD_CLASS.full : BELOW_THE_FOLD_CLASS.basic} />
      </Container>
    </PageMain>,
  );
}

describe('the server’s report header template', () => {
  const template = renderToStaticMarkup(<ReportHeaderTemplate />);

  it('is markup with the template’s fields, nothing the page would refuse and no text separators', () => {
    for (const field of ['{{.Heading}}', '{{if .Badge}}', '{{.Badge}}', '{{if .Line}}', '{{.Line}}', '{{if .Notice}}', '{{.Notice}}', '{{if .Full}}']) {
      expect(template).toContain(field);
    }
    expect(template).not.toMatch(/ style="|<!--|<script/);
    expect(template.startsWith('<main id="main"')).toBe(true);
  });

  it.each<Fields>([
    { Heading: 'Your Premium listing optimization is ready', Badge: 'Premium', Line: 'Sunny loft · Lisbon', Notice: 'The page layout was not recognized.', Full: true },
    { Heading: 'Your Basic listing optimization is ready', Badge: '', Line: 'Cosy flat', Notice: '', Full: false },
    { Heading: 'Your re-check is ready', Badge: '', Line: '', Notice: '', Full: false },
  ])('filled in, is the app’s header: $Heading', (fields) => {
    expect(fill(template, fields)).toBe(appHeader(fields));
  });
});
