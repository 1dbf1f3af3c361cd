// `--engine auto|compiled|interpreted` for the commands that explore a model: which successor
// function the search runs. `compiled` is the model's generated code (native/native.h),
// `interpreted` the interpreter, and `auto` (the default) the generated code when the model
// compiles and a compiler is there, else the interpreter, with a one-line note on stderr
// saying why (unless --quiet). With `compiled`, a model that cannot be compiled is an error
// (exit code 2) with the same reason.
#ifndef RULECHECK_CLI_ENGINE_CHOICE_H_
#define RULECHECK_CLI_ENGINE_CHOICE_H_

#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "ir/state_space.h"
#include "model/model.h"
#include "properties/property.h"

namespace CLI {
class App;
}  // namespace CLI

namespace rulecheck::cli {

// Registers --engine on `command`, parsing into `engine` (which must outlive `command`).
void AddEngineFlag(CLI::App& command, std::string& engine);

struct EngineChoice {
  std::unique_ptr<ir::StateSpace> space;  // null: the interpreter
  properties::EngineStats stats;
};

// The engine `name` asks for, for `model` (which must outlive the result). nullopt, with the
// reason on `err`, when `compiled` was asked for and the model cannot be compiled; with
// `auto`, the reason goes to `err` as a note unless `quiet`. Thread-compatible.
std::optional<EngineChoice> ChooseEngine(const model::Model& model, const std::string& name,
                                         bool quiet, std::ostream& err);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_ENGINE_CHOICE_H_
