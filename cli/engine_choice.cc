// --engine (see engine_choice.h).
#include "cli/engine_choice.h"

#include <ostream>
#include <utility>

#include "CLI/CLI.hpp"
#include "absl/strings/str_cat.h"
#include "native/native.h"
#include "native/tiered_state_space.h"

namespace rulecheck::cli {

void AddEngineFlag(CLI::App& command, std::string& engine) {
  command
      .add_option("--engine", engine,
                  "Successor function: the model compiled to native code, the interpreter, or "
                  "auto (compiled when it can be, else interpreted, with a note saying why)")
      ->check(CLI::IsMember(native::EngineNames()))
      ->capture_default_str();
}

absl::StatusOr<EngineChoice> ChooseEngine(const model::Model& model, const std::string& name,
                                          const std::function<void(const std::string&)>& note) {
  EngineChoice choice;
  const native::Engine engine = native::ParseEngine(name).value_or(native::Engine::kAuto);
  if (engine == native::Engine::kInterpreted) return choice;
  native::CompileOptions options;
  options.only_cached = engine == native::Engine::kAuto;
  absl::StatusOr<native::CompiledModel> compiled = native::CompileModel(model, options);
  if (absl::IsNotFound(compiled.status())) {
    // Built while the search starts; a failure then is noted when it happens.
    auto tiered = std::make_unique<native::TieredStateSpace>(
        model, native::CompileOptions{}, [note](const absl::Status& status) {
          if (note) note(absl::StrCat("interpreting the model: ", status.message()));
        });
    choice.tiered = tiered.get();
    choice.space = std::move(tiered);
    choice.stats.background = true;
    return choice;
  }
  if (!compiled.ok()) {
    if (engine == native::Engine::kCompiled) {
      return absl::InvalidArgumentError(
          absl::StrCat("--engine compiled: ", compiled.status().message()));
    }
    if (note) note(absl::StrCat("interpreting the model: ", compiled.status().message()));
    return choice;
  }
  choice.space = std::move(compiled->space);
  choice.stats.compiled = true;
  choice.stats.compile_seconds = compiled->seconds;
  choice.stats.cached = compiled->cached;
  return choice;
}

properties::EngineStats EngineChoice::EndOfRun(bool leave_build_running) {
  if (tiered == nullptr) return stats;
  properties::EngineStats now = stats;
  now.build_goes_on = leave_build_running && tiered->LeaveBuildRunning();
  now.compiled = tiered->compiled() != nullptr;
  now.compile_seconds = tiered->build_seconds();
  return now;
}

std::function<void(const std::string&)> EngineNotes(bool quiet, std::ostream& err) {
  if (quiet) return nullptr;
  return [&err](const std::string& line) { err << "rulecheck: note: " << line << "\n"; };
}

std::unique_ptr<EngineChoice> ChooseEngineFor(const model::Model& model, const std::string& name,
                                              bool quiet, std::ostream& err) {
  absl::StatusOr<EngineChoice> choice = ChooseEngine(model, name, EngineNotes(quiet, err));
  if (!choice.ok()) {
    err << "rulecheck: " << choice.status().message() << "\n";
    return nullptr;
  }
  return std::make_unique<EngineChoice>(*std::move(choice));
}

}  // namespace rulecheck::cli
