// `--engine auto|compiled|interpreted` for the commands that explore a model (`check`, `diff`;
// `solve` names the same choice `explicit|compiled|interpreted` beside `symbolic`): which
// successor function the search runs. `compiled` is the model's generated code
// (native/native.h), `interpreted` the interpreter, and `auto` (the default) the generated code
// when the model compiles and a compiler is there, else the interpreter, with a one-line note
// on stderr saying why (unless --quiet). Under `auto` a library not in the cache yet is built
// in the background while the search starts interpreted (native/tiered_state_space.h). With
// `compiled`, a model that cannot be compiled is an error (exit code 2) with the same reason,
// and the search waits for the compiler.
#ifndef RULECHECK_CLI_ENGINE_CHOICE_H_
#define RULECHECK_CLI_ENGINE_CHOICE_H_

#include <functional>
#include <memory>
#include <ostream>
#include <string>

#include "absl/status/statusor.h"
#include "ir/state_space.h"
#include "model/model.h"
#include "properties/property.h"

namespace CLI {
class App;
}  // namespace CLI

namespace rulecheck::native {
class TieredStateSpace;
}  // namespace rulecheck::native

namespace rulecheck::cli {

// Registers --engine on `command`, parsing into `engine` (which must outlive `command`).
void AddEngineFlag(CLI::App& command, std::string& engine);

struct EngineChoice {
  std::unique_ptr<ir::StateSpace> space;  // null: the interpreter
  properties::EngineStats stats;          // as chosen
  // `space` when it builds the library in the background, else null.
  native::TieredStateSpace* tiered = nullptr;
  // The statistics for the report, at the end of the run: whether a background build was
  // ready in time, and how long it took or had taken. With `leave_build_running` (a search
  // that ended, not one the user stopped), a background build still running goes on into the
  // cache after the run (native/tiered_state_space.h); else destroying `space` stops it.
  properties::EngineStats EndOfRun(bool leave_build_running);
};

// The engine `name` (auto, compiled or interpreted) asks for, for `model` (which must outlive
// the result). InvalidArgument ("--engine compiled: WHY") when `compiled` was asked for and
// the model cannot be compiled; with `auto`, `note` (when set) gets "interpreting the model:
// WHY". Thread-compatible.
absl::StatusOr<EngineChoice> ChooseEngine(const model::Model& model, const std::string& name,
                                          const std::function<void(const std::string&)>& note);
// Where a command's notes go: lines "rulecheck: note: ..." on `err`, or nowhere when `quiet`.
std::function<void(const std::string&)> EngineNotes(bool quiet, std::ostream& err);
// The same as ChooseEngine, for a command's `--engine` with --quiet `quiet`: the error or the note
// goes to `err` as a line of its own ("rulecheck: ..." or "rulecheck: note: ..."); nullptr on
// error.
std::unique_ptr<EngineChoice> ChooseEngineFor(const model::Model& model, const std::string& name,
                                              bool quiet, std::ostream& err);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_ENGINE_CHOICE_H_
