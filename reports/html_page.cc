// The frame of the HTML reports (see html_page.h).
#include "reports/html_page.h"

#include "absl/strings/str_cat.h"
#include "reports/html_assets.h"
#include "reports/html_escape.h"

namespace rulecheck::reports {
namespace {

// The game's title, or the file's name when the game has none.
std::string GameTitle(const model::Model& model) {
  if (!model.program.game_name.empty()) return model.program.game_name;
  const std::string& path = model.source->path();
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

const char* ToneClass(PageVerdict::Tone tone) {
  switch (tone) {
    case PageVerdict::Tone::kPass:
      return "verdict tone-pass";
    case PageVerdict::Tone::kFail:
      return "verdict tone-fail";
    case PageVerdict::Tone::kOpen:
      return "verdict tone-open";
  }
  return "verdict";
}

}  // namespace

void WritePageStart(const model::Model& model, std::string_view command, std::string_view headline,
                    std::ostream& out) {
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         // Nothing may be loaded from anywhere: only the inline style and script run.
         "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
         "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
         "<meta name=\"generator\" content=\"rulecheck\">\n"
      << "<title>rulecheck " << EscapeHtml(command) << ": " << EscapeHtml(GameTitle(model)) << ": "
      << EscapeHtml(headline) << "</title>\n<style>\n"
      << kHtmlStyle << "</style>\n</head>\n<body>\n<div class=\"page\">\n";
}

void WriteSummary(const model::Model& model, std::string_view command,
                  const std::vector<SummaryFact>& facts, const PageVerdict& verdict,
                  const std::vector<Jump>& jumps, std::ostream& out) {
  out << "<header class=\"summary\" id=\"summary\">\n"
      << "<p class=\"tool\">rulecheck " << EscapeHtml(command) << "</p>\n"
      << "<h1>" << EscapeHtml(GameTitle(model)) << "</h1>\n";
  if (GameTitle(model) != model.source->path()) {
    out << "<p class=\"file\">" << EscapeHtml(model.source->path()) << "</p>\n";
  }
  out << "<div class=\"" << ToneClass(verdict.tone) << "\" id=\"verdict\">"
      << "<strong class=\"headline\">" << EscapeHtml(verdict.headline) << "</strong>"
      << "<span class=\"exit\">exit code " << verdict.exit_code << ": "
      << EscapeHtml(verdict.exit_meaning) << "</span></div>\n";
  out << "<dl class=\"facts\">\n";
  for (const SummaryFact& fact : facts) {
    out << "<div><dt>" << EscapeHtml(fact.label) << "</dt><dd>" << EscapeHtml(fact.value)
        << "</dd></div>\n";
  }
  out << "</dl>\n";
  if (!jumps.empty()) {
    out << "<nav class=\"jumps\" aria-label=\"contents\">";
    for (const Jump& jump : jumps) {
      out << "<a href=\"#" << EscapeHtml(jump.target) << "\">" << EscapeHtml(jump.label) << "</a>";
    }
    out << "</nav>\n";
  }
  out << "</header>\n";
}

void WritePageEnd(std::ostream& out) {
  out << "</div>\n<script>\n" << kHtmlScript << "</script>\n</body>\n</html>\n";
}

std::string LineId(int line, std::string_view listing) {
  return absl::StrCat(absl::string_view(listing.data(), listing.size()), "L", line);
}

void WriteLocationLink(const model::Model& model, const std::string& file,
                       const ir::Location& location, std::ostream& out, std::string_view listing) {
  if (!location.valid()) return;
  const std::string text = EscapeHtml(absl::StrCat(file, ":", location.line, ":", location.column));
  if (file == model.source->path() && location.line <= model.source->line_count()) {
    out << "<a class=\"loc\" href=\"#" << LineId(location.line, listing) << "\">" << text << "</a>";
  } else {
    out << "<span class=\"loc\">" << text << "</span>";
  }
}

}  // namespace rulecheck::reports
