import { type ReactNode } from 'react';
import { PageMain } from '@/components/layouts/page-shell';
import { Container } from '@/components/ui/container';
import {
  BELOW_THE_FOLD_CLASS,
  RESULTS_CONTAINER_CLASS,
  RESULTS_MAIN_CLASS,
  ReportHeader,
  type HeaderField,
} from './results-screen';

/**
 * The server's template of a report page's first screen (a Go html/template), drawn from the
 * app's own header: the build (scripts/prerender.mjs) renders this into dist/.server/, and
 * the server (backend httpapi/reportpage.go) fills it in for a host's finished report and puts
 * it in place of the /payment-success frame's main area, so the page paints the header the app
 * will show, with nothing kept equal by hand. Its fields: .Heading, .Badge, .Line and .Notice
 * (the header's), and .Full (a plan with the market analytics: the taller space below).
 *
 * The header's optional parts are drawn inside {{if .Field}}…{{end}}; the text React writes
 * escapes none of the template's braces, and html/template escapes the values it fills in.
 */
export function ReportHeaderTemplate() {
  return (
    <PageMain className={RESULTS_MAIN_CLASS}>
      <Container className={RESULTS_CONTAINER_CLASS}>
        <ReportHeader heading="{{.Heading}}" badge="{{.Badge}}" line="{{.Line}}" notice="{{.Notice}}" part={templatePart} />
        {/* The space the app loads the sections below into, as tall as they will be. */}
        <div className={`{{if .Full}}${BELOW_THE_FOLD_CLASS.full}{{else}}${BELOW_THE_FOLD_CLASS.basic}{{end}}`} />
      </Container>
    </PageMain>
  );
}

function templatePart(field: HeaderField, _shown: boolean, node: ReactNode): ReactNode {
  return (
    <>
      {`{{if .${field}}}`}
      {node}
      {'{{end}}'}
    </>
  );
}
