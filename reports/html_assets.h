// The style sheet and the script of the HTML reports (internal to reports/), inline in every
// page so that it is one self-contained file. html_style.cc holds the style: the layout (one
// column on a phone, the results beside the rules file from 1100 px on), the colours of
// severities and coverage, and a print layout with every step shown. html_script.cc holds the
// script, which only enhances a page that reads fine without it: it turns each trace into a
// stepper and rebuilds the whole state at a step (html_trace.h describes both).
#ifndef RULECHECK_REPORTS_HTML_ASSETS_H_
#define RULECHECK_REPORTS_HTML_ASSETS_H_

namespace rulecheck::reports {

extern const char kHtmlStyle[];
extern const char kHtmlScript[];

}  // namespace rulecheck::reports

#endif  // RULECHECK_REPORTS_HTML_ASSETS_H_
