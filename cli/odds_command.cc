// The `odds` subcommand (see odds_command.h).
#include "cli/odds_command.h"

#include <optional>
#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "absl/status/statusor.h"
#include "cli/app.h"
#include "cli/flag_checks.h"
#include "cli/interrupt.h"
#include "cli/progress_printer.h"
#include "properties/odds.h"
#include "reports/odds_report.h"

namespace rulecheck::cli {

CLI::App* AddOddsCommand(CLI::App& app, OddsFlags& flags) {
  CLI::App* odds = app.add_subcommand(
      "odds",
      "Exact probabilities and expectations of the file's chance queries over every reachable "
      "state, under random play, best play and the extremes of all choices");
  AddInputFlags(*odds, flags, "The .rules file");
  odds->add_option("--query", flags.query, "Answer only this chance query of the file")
      ->type_name("NAME");
  odds->add_option("--probability", flags.probabilities,
                   "Also answer the probability of reaching a state where EXPR holds "
                   "(repeatable)")
      ->type_name("EXPR")
      ->allow_extra_args(false);
  odds->add_option("--expect", flags.expectations,
                   "Also answer the expected value of EXPR where the game ends (repeatable)")
      ->type_name("EXPR")
      ->allow_extra_args(false);
  odds->add_option("--policy", flags.policies,
                   "The seats this policy of the model governs follow it in every play "
                   "(repeatable)")
      ->type_name("NAME")
      ->allow_extra_args(false);
  odds->add_option("--precision", flags.precision,
                   "The error bound value iteration aims for where answers are not exact")
      ->type_name("P")
      // Below 1e-12 the bounds, iterated in doubles, stop moving before they meet (a sweep
      // changes them by less than 1e-13 from rounding alone): such a precision is never reached.
      // (CLI::Range would print its bounds with six decimals: "0 not in range 0.000000 to ...".)
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            double p = 0;
            if (!CLI::detail::lexical_cast(text, p) || !(p >= 1e-12 && p <= 0.5)) {
              return "must be a number from 1e-12 to 0.5, found " + text;
            }
            return "";
          },
          "in [1e-12, 0.5]"))
      ->capture_default_str();
  odds->add_option("--format", flags.format, "Report format")
      ->check(CLI::IsMember({"text", "json", "html"}))
      ->capture_default_str();
  odds->add_option("--output", flags.output, "Write the report to this file, not stdout")
      ->type_name("FILE")
      ->check(NonEmptyPath());
  odds->add_option("--threads", flags.threads, "Worker threads (default: one per core)")
      ->type_name("N")
      ->check(WholeNumber(1, 1024));
  odds->add_option("--max-states", flags.max_states,
                   "Stop after this many states: every answer is then unknown (0: no limit)")
      ->type_name("N")
      ->check(UnsignedCount());
  AddMemoryFlag(*odds, flags,
                "Memory for the state store, e.g. 512M or 8G (default: most of the available "
                "memory); a full store stops the search");
  AddQuietFlag(*odds, flags);
  return odds;
}

int RunOdds(const OddsFlags& flags, std::ostream& out, std::ostream& err) {
  std::vector<model::ExtraProperty> extra;
  for (const std::string& expr : flags.probabilities) {
    extra.push_back({model::ExtraProperty::Kind::kProbability, expr});
  }
  for (const std::string& expr : flags.expectations) {
    extra.push_back({model::ExtraProperty::Kind::kExpect, expr});
  }
  std::optional<CommandSetup> setup = SetUpCommand(flags, 0, extra, err);
  if (!setup.has_value()) return kExitUsage;
  properties::OddsOptions options;
  options.query = flags.query;
  options.precision = flags.precision;
  options.policies = flags.policies;
  options.explore.threads = flags.threads;
  options.explore.max_states = flags.max_states;
  options.explore.memory_bytes = setup->memory_bytes;
  options.explore.cancel = CatchStopSignals();
  ProgressPrinter progress(stderr);
  if (!flags.quiet) {
    options.explore.progress = [&progress](const explorer::Progress& p) { progress.Print(p); };
    options.on_phase = [&progress](const std::string& what) { progress.Phase(what); };
  }
  absl::StatusOr<results::OddsResult> result = properties::AnswerOdds(*setup->model, options);
  progress.Finish();
  if (!result.ok()) {
    err << "rulecheck: " << result.status().message() << "\n";
    return kExitUsage;
  }
  reports::WriteOddsReport(setup->format, *setup->model, *result, setup->report(out));
  if (!FinishReport(*setup, flags, out, err)) return kExitUsage;
  return result->complete ? kExitOk : kExitIncomplete;
}

}  // namespace rulecheck::cli
