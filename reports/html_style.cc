// The style sheet of the HTML reports (see html_assets.h). System fonts only: the page loads
// nothing. Colours are variables, set twice: for a light and for a dark screen.
#include "reports/html_assets.h"

namespace rulecheck::reports {

const char kHtmlStyle[] = R"css(
:root {
  --bg: #f3f4f7; --panel: #ffffff; --text: #1c2330; --muted: #5c6677; --rule: #dde1e8;
  --soft: #f7f8fa; --link: #1d5fc4; --target: #fff3bf;
  --error: #c02a2a; --error-bg: #fdeceb; --warning: #9a5800; --warning-bg: #fff3dc;
  --info: #1d5fc4; --info-bg: #e8f0fc; --pass: #17784a; --pass-bg: #e4f4ea;
  --open: #8a5a00; --open-bg: #fdf1d6; --off: #6a5596; --off-bg: #eeeaf6;
  --cycle: #7a45c2; --heat: #cfe0fb;
  --mono: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #14171c; --panel: #1d2128; --text: #e3e7ee; --muted: #9aa4b5; --rule: #323946;
    --soft: #232831; --link: #86b3ff; --target: #4a4220;
    --error: #ff8a84; --error-bg: #3d1f1f; --warning: #f2b661; --warning-bg: #3a2c14;
    --info: #86b3ff; --info-bg: #1c2a42; --pass: #6fd39d; --pass-bg: #173324;
    --open: #f2c66b; --open-bg: #3a3016; --off: #b9a6e6; --off-bg: #2a2540;
    --cycle: #c39bff; --heat: #24416e;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--text);
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans",
        sans-serif;
}
a { color: var(--link); }
code, .call, .loc, .name, .path, .file { font-family: var(--mono); font-size: 0.92em; }
.page { max-width: 1680px; margin: 0 auto; padding: 16px; }
.summary, .group, .source {
  background: var(--panel); border: 1px solid var(--rule); border-radius: 10px;
}

/* The summary. */
.summary { padding: 14px 18px 16px; margin-bottom: 16px; }
.tool {
  margin: 0; color: var(--muted); font-size: 0.78rem; letter-spacing: 0.08em;
  text-transform: uppercase;
}
h1 { margin: 2px 0 0; font-size: 1.5rem; line-height: 1.25; overflow-wrap: anywhere; }
.file { margin: 2px 0 0; color: var(--muted); overflow-wrap: anywhere; }
.verdict {
  display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 14px; margin: 12px 0;
  padding: 10px 14px; border-radius: 8px; border-left: 5px solid;
}
.verdict .headline { font-size: 1.2rem; }
.verdict .exit { color: var(--muted); font-size: 0.9rem; }
.tone-pass.verdict { background: var(--pass-bg); border-color: var(--pass); }
.tone-fail.verdict { background: var(--error-bg); border-color: var(--error); }
.tone-open.verdict { background: var(--open-bg); border-color: var(--open); }
.tone-pass.verdict .headline { color: var(--pass); }
.tone-fail.verdict .headline { color: var(--error); }
.tone-open.verdict .headline { color: var(--open); }
.facts {
  display: grid; grid-template-columns: repeat(auto-fill, minmax(108px, 1fr)); gap: 8px 16px;
  margin: 0;
}
.facts dt { color: var(--muted); font-size: 0.75rem; text-transform: uppercase;
            letter-spacing: 0.05em; }
.facts dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.jumps { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 12px; }
.jumps a {
  padding: 3px 10px; border: 1px solid var(--rule); border-radius: 999px; text-decoration: none;
  background: var(--soft); font-size: 0.88rem;
}

/* Results beside the rules file on a wide screen, one after the other on a narrow one. */
.layout { display: grid; grid-template-columns: minmax(0, 1fr); gap: 16px; align-items: start; }
.results { display: grid; gap: 16px; min-width: 0; }
@media (min-width: 1100px) {
  .layout { grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); }
  .source { position: sticky; top: 12px; max-height: calc(100vh - 24px); overflow: auto; }
}

/* Groups of findings, kinds, findings and answers. */
.group { padding: 12px 16px 16px; }
.group > h2, .source > h2 { margin: 0 0 8px; font-size: 1.15rem; }
.group > h2::before {
  content: ""; display: inline-block; width: 10px; height: 10px; border-radius: 50%;
  margin-right: 8px; background: var(--muted); vertical-align: 1px;
}
.tone-error > h2::before { background: var(--error); }
.tone-warning > h2::before { background: var(--warning); }
.tone-info > h2::before { background: var(--info); }
.tone-pass > h2::before { background: var(--pass); }
.tone-open > h2::before { background: var(--open); }
.tone-off > h2::before { background: var(--off); }
.tally {
  display: inline-block; min-width: 1.6em; padding: 0 6px; border-radius: 999px;
  background: var(--soft); border: 1px solid var(--rule); color: var(--muted);
  font-size: 0.8rem; font-weight: 600; text-align: center; vertical-align: 2px;
}
.kind > summary { cursor: pointer; color: var(--muted); margin: 14px 0 8px; }
.kind > summary h3 {
  display: inline; margin: 0; font-size: 0.8rem; text-transform: uppercase;
  letter-spacing: 0.06em;
}
.finding, .answer {
  margin: 0 0 12px; padding: 10px 12px 12px; border: 1px solid var(--rule);
  border-left: 4px solid var(--muted); border-radius: 8px; background: var(--panel);
  scroll-margin-top: 12px;
}
.finding:target, .answer:target, .notes li:target {
  box-shadow: 0 0 0 3px var(--target); background: var(--soft);
}
.tone-error.finding, .tone-error.answer { border-left-color: var(--error); }
.tone-warning.finding { border-left-color: var(--warning); }
.tone-info.finding, .tone-info.answer { border-left-color: var(--info); }
.tone-pass.answer { border-left-color: var(--pass); }
.tone-open.answer { border-left-color: var(--open); }
.message { margin: 0; font-size: 1rem; line-height: 1.35; overflow-wrap: anywhere; }
.meta {
  display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; margin: 6px 0 0;
  color: var(--muted); font-size: 0.88rem;
}
.meta .name { overflow-wrap: anywhere; }
.badge {
  padding: 1px 8px; border-radius: 999px; font-size: 0.75rem; font-weight: 700;
  text-transform: uppercase; letter-spacing: 0.04em; background: var(--soft);
}
.tone-error .badge { background: var(--error-bg); color: var(--error); }
.tone-warning .badge { background: var(--warning-bg); color: var(--warning); }
.tone-info .badge { background: var(--info-bg); color: var(--info); }
.tone-pass .badge { background: var(--pass-bg); color: var(--pass); }
.tone-open .badge { background: var(--open-bg); color: var(--open); }
/* A finding the baseline already holds: it does not fail the run. */
.finding.known, .answer.known { border-left-style: dashed; }
.meta .badge.known { background: var(--soft); color: var(--muted); border: 1px solid var(--rule); }
/* diff: the tables that compare the two versions, and the old rules file among the results. */
.compare { width: 100%; border-collapse: collapse; font-size: 0.9rem; table-layout: fixed; }
.compare th, .compare td {
  padding: 3px 8px; border: 1px solid var(--rule); text-align: left; vertical-align: top;
  overflow-wrap: anywhere;
}
.compare thead th { background: var(--soft); }
.compare tr.differs td, .compare tr.added td { background: var(--info-bg); }
.compare tr.removed td { background: var(--warning-bg); }
.results .source { position: static; max-height: none; overflow: visible; }
.loc { overflow-wrap: anywhere; }
.extra { display: flex; flex-wrap: wrap; gap: 4px 18px; margin: 8px 0 0; font-size: 0.9rem; }
.extra div { display: flex; gap: 6px; }
.extra dt { color: var(--muted); }
.extra dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.empty { margin: 4px 0; color: var(--muted); }
.notes { margin: 0; padding-left: 20px; }
.notes li { margin: 4px 0; padding: 2px 4px; border-radius: 4px; overflow-wrap: anywhere; }
.constant { padding: 0 5px; border-radius: 4px; background: var(--off-bg); color: var(--off); }
.trace-title { margin: 10px 0 0; color: var(--muted); font-size: 0.85rem; }

/* Traces. */
.trace { margin-top: 10px; border-radius: 8px; }
.trace:focus { outline: 2px solid var(--link); outline-offset: 3px; }
.trace:focus:not(:focus-visible) { outline: none; }
.stepper {
  display: grid; grid-template-columns: auto minmax(60px, 1fr) auto; align-items: center;
  gap: 6px 8px; margin-bottom: 8px; max-width: 560px;
}
.stepper .position { grid-column: 1 / 3; grid-row: 2; }
.stepper .keys { grid-column: 1 / 3; grid-row: 2; justify-self: end; }
.stepper .all { grid-column: 3; grid-row: 2; }
.stepper[hidden] { display: none; }
.stepper button {
  font: inherit; font-size: 0.88rem; padding: 3px 10px; border-radius: 6px; cursor: pointer;
  border: 1px solid var(--rule); background: var(--soft); color: var(--text);
}
.stepper button:disabled { opacity: 0.45; cursor: default; }
.stepper .slider { width: 100%; margin: 0; }
.stepper .position { color: var(--muted); font-size: 0.85rem; }
.stepper .keys { visibility: hidden; color: var(--muted); font-size: 0.78rem; }
.trace:focus-within .stepper .keys { visibility: visible; }
.overview { list-style: none; display: flex; flex-wrap: wrap; gap: 4px; margin: 0 0 8px;
            padding: 0; }
.overview button {
  font: 12px/1.5 var(--mono); padding: 0 6px; border-radius: 4px; cursor: pointer;
  border: 1px solid var(--rule); background: var(--panel); color: var(--text);
  max-width: 15em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
}
.overview button.cycle-start, .overview button.in-cycle { border: 1px dashed var(--cycle); }
.overview button.failed { color: var(--error); border-color: var(--error); }
.overview button.current { background: var(--link); border-color: var(--link); color: var(--panel); }
.steps { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
.stage { list-style: none; margin: 0; padding: 0; }
.trace:not(.stepping) > .stage, .trace.stepping > .steps { display: none; }
.step {
  padding: 6px 10px 8px; border: 1px solid var(--rule); border-radius: 6px;
  background: var(--soft); min-width: 0;
}
.step.in-cycle { border-left: 3px dashed var(--cycle); }
.step.cycle-start { border-left: 3px solid var(--cycle); }
.step.failed { background: var(--error-bg); border-color: var(--error); }
.move { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 8px; }
.move .n {
  display: inline-block; min-width: 1.7em; padding: 0 5px; border-radius: 999px;
  background: var(--panel); border: 1px solid var(--rule); color: var(--muted);
  font-size: 0.78rem; font-weight: 700; text-align: center;
}
.move .by { font-weight: 700; }
.move .choices {
  flex-basis: 100%; color: var(--info); font-family: var(--mono); font-size: 0.8rem;
  overflow-wrap: anywhere;
}
.move .by::after { content: ":"; }
.move .call { font-weight: 700; overflow-wrap: anywhere; }
.move .rule { color: inherit; text-decoration: none; min-width: 0; }
.move .rule:hover .call, .move .rule:focus .call { color: var(--link); text-decoration: underline; }
.move .choice, .move .note {
  padding: 0 6px; border-radius: 4px; background: var(--info-bg); color: var(--info);
  font-size: 0.82rem; overflow-wrap: anywhere;
}
.state, .settled { border-collapse: collapse; margin-top: 4px; font-size: 0.86rem; }
.state { width: 100%; }
.state th, .state td, .settled th, .settled td {
  padding: 1px 6px; text-align: left; vertical-align: top; font-family: var(--mono);
  overflow-wrap: anywhere;
}
.state th { font-weight: 400; color: var(--muted); width: 38%; }
.state .old { color: var(--muted); text-decoration: line-through; }
.state .arrow { color: var(--muted); padding: 0 4px; }
.state .change .new { font-weight: 600; }
.state tr.changed { background: var(--target); }
.nochange { margin: 4px 0 0; color: var(--muted); font-size: 0.86rem; font-style: italic; }
.step .error { margin: 4px 0 0; color: var(--error); overflow-wrap: anywhere; }
.cycle-note { margin: 6px 0 0; color: var(--cycle); font-size: 0.86rem; font-weight: 600; }
.whole { margin-top: 6px; font-size: 0.86rem; }
.whole summary { cursor: pointer; color: var(--link); }
.outcomes {
  display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: 10px;
  margin-top: 10px;
}
.outcomes .settled { grid-column: 1 / -1; }
.outcome { min-width: 0; }
.outcome h5 { margin: 0; font-size: 0.9rem; }
.settled caption { text-align: left; font-weight: 600; font-family: inherit; padding-bottom: 2px; }
.settled th, .settled td { border: 1px solid var(--rule); }
.settled thead th { font-family: inherit; background: var(--soft); overflow-wrap: normal; }

/* The figures of `odds` and `simulate`: tables of rates and tallies, and their plots. */
.tallies, .odds { width: 100%; border-collapse: collapse; font-size: 0.9rem; margin: 4px 0 8px; }
.tallies th, .tallies td, .odds th, .odds td {
  padding: 3px 8px; border-bottom: 1px solid var(--rule); text-align: left; vertical-align: middle;
}
.tallies thead th, .odds thead th { color: var(--muted); font-weight: 600; background: var(--soft); }
.tallies tbody th, .odds tbody th { font-weight: 400; overflow-wrap: anywhere; }
.tallies .num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.tallies tbody th .loc { display: block; font-size: 0.78em; }
.tallies tr.never th, .tallies tr.never td { color: var(--warning); }
.odds .value { font-family: var(--mono); font-size: 0.92em; overflow-wrap: anywhere; }
.plot-cell { width: 34%; min-width: 90px; }
.group h3 { margin: 14px 0 4px; font-size: 0.95rem; color: var(--muted); font-weight: 600; }
.never-acted { margin: 4px 0; color: var(--warning); overflow-wrap: anywhere; }
.lengths { margin: 8px 0 14px; }
.lengths figcaption { font-size: 0.92rem; margin-bottom: 4px; }
.bins summary { cursor: pointer; color: var(--link); font-size: 0.86rem; }
.plot { display: block; width: 100%; height: auto; max-width: 100%; }
.plot.interval { min-width: 80px; }
.plot .axis { stroke: var(--muted); stroke-width: 1; }
.plot .tick { fill: var(--muted); font: 12px system-ui, sans-serif; }
.plot .bar { fill: var(--info); }
.plot .bar:hover { fill: var(--link); opacity: 0.8; }
.plot .band { fill: var(--heat); stroke: var(--info); stroke-width: 0.6; }
.plot .mark { fill: var(--text); }

/* The rules file. */
.source { padding: 12px 0 8px; min-width: 0; }
.source > h2, .source > .legend { padding: 0 16px; }
.path { color: var(--muted); font-weight: 400; overflow-wrap: anywhere; }
.legend { margin: 0 0 8px; color: var(--muted); font-size: 0.85rem; }
.chip { padding: 0 6px; border-radius: 4px; font-weight: 600; }
.chip.dead { background: var(--error-bg); color: var(--error); }
.chip.off { background: var(--off-bg); color: var(--off); }
.listing {
  width: 100%; border-collapse: collapse; table-layout: fixed; font-family: var(--mono);
  font-size: 12.5px; line-height: 1.5;
}
.listing col.ln { width: 3.6em; }
.listing col.count { width: 6.4em; }
.listing td { padding: 0 8px; vertical-align: top; }
.listing .ln { text-align: right; color: var(--muted); user-select: none; }
.listing .ln a { color: inherit; text-decoration: none; }
.listing .count {
  text-align: right; color: var(--muted); white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; border-right: 1px solid var(--rule);
}
.listing .ran .count {
  background: linear-gradient(to right, var(--heat) var(--share), transparent var(--share));
  color: var(--text);
}
.listing .code { white-space: pre-wrap; overflow-wrap: anywhere; tab-size: 4; }
.listing .code code { font-size: 1em; }
.listing .dead .count { background: var(--error-bg); color: var(--error); font-weight: 700; }
.listing .dead .code { background: var(--error-bg); }
.listing .unrun .count { color: var(--open); }
.listing .off .count { background: var(--off-bg); color: var(--off); font-weight: 700; }
.listing .off .code { background: var(--off-bg); color: var(--muted); }
.listing tr:target td { background: var(--target); }
.listing tr { scroll-margin-top: 40vh; }
.offnote { color: var(--off); font-size: 0.92em; }
.refs { display: flex; flex-wrap: wrap; gap: 3px 6px; padding: 1px 0 3px; white-space: normal; }
.ref {
  padding: 0 7px; border-radius: 999px; font-family: system-ui, sans-serif; font-size: 11.5px;
  text-decoration: none; background: var(--soft); border: 1px solid var(--rule);
}
.ref.tone-error { background: var(--error-bg); color: var(--error); border-color: transparent; }
.ref.tone-warning { background: var(--warning-bg); color: var(--warning); border-color: transparent; }
.ref.tone-info { background: var(--info-bg); color: var(--info); border-color: transparent; }
.ref.tone-pass { background: var(--pass-bg); color: var(--pass); border-color: transparent; }
.ref.tone-open { background: var(--open-bg); color: var(--open); border-color: transparent; }
.ref.tone-off { background: var(--off-bg); color: var(--off); border-color: transparent; }

@media (max-width: 600px) {
  .page { padding: 8px; }
  .summary, .group { padding-left: 12px; padding-right: 12px; }
  .source > h2, .source > .legend { padding: 0 12px; }
  .finding, .answer { padding: 8px 9px 10px; }
  .listing col.ln { width: 2.9em; }
  .listing col.count { width: 4.8em; }
  .listing td { padding: 0 4px; }
  .state th { width: 42%; }
}

@media print {
  body { background: #fff; font-size: 11pt; }
  .page { max-width: none; padding: 0; }
  .layout { display: block; }
  .results { display: block; }
  .group, .summary { border: none; padding: 0; margin-bottom: 12pt; }
  .source { position: static; max-height: none; overflow: visible; border: none; }
  .stepper, .overview, .stage, .jumps, .whole { display: none !important; }
  .trace.stepping > .steps { display: grid; }
  .step, .finding > header, .answer > header, .listing tr { break-inside: avoid; }
  .group > h2, .kind > summary, .source > h2 { break-after: avoid; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
)css";

}  // namespace rulecheck::reports
