// The front door of the native stage: a Model compiled to machine code, as the explorer's
// StateSpace (issue 18's C++ back end, first slice).
//
// CompileModel generates C++ for the per-state work of the search (codegen.h says which
// constructs it compiles today), compiles it with the system compiler into a shared library
// through the user's cache (compiler.h), loads it, and wraps it in a StateSpace that leaves
// to the interpreter whatever the generated code does not do (native_state_space.h). A run's
// findings, traces and messages are the interpreter's.
//
//   absl::StatusOr<native::CompiledModel> compiled = native::CompileModel(*model, {});
//   if (compiled.ok()) options.space = compiled->space.get();
#ifndef RULECHECK_NATIVE_NATIVE_H_
#define RULECHECK_NATIVE_NATIVE_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/state_space.h"
#include "model/model.h"

namespace rulecheck::native {

// `--engine`: compile when possible and else interpret (auto), compile or fail, interpret.
enum class Engine { kAuto, kCompiled, kInterpreted };
// "auto", "compiled" or "interpreted"; nullopt for anything else.
std::optional<Engine> ParseEngine(std::string_view name);
// The names ParseEngine takes.
std::vector<std::string> EngineNames();

class BuildCancel;

struct CompileOptions {
  std::string cache_dir;          // empty: $XDG_CACHE_HOME/rulecheck, else ~/.cache/rulecheck
  bool only_cached = false;       // NotFound when the library is not in the cache
  BuildCancel* cancel = nullptr;  // stops the compiler from another thread (compiler.h)
  bool background = false;        // the compiler runs at a low CPU priority (compiler.h)
};

struct CompiledModel {
  std::unique_ptr<ir::StateSpace> space;  // uses the Model: it must outlive this
  double seconds = 0;                     // generating, compiling or finding, and loading
  bool cached = false;                    // the library came from the cache
};

// Errors: Unimplemented naming the first construct not compiled yet and its file:line:col;
// FailedPrecondition when there is no compiler or no cache directory; Internal when the
// compiler rejects the generated code; NotFound with `only_cached`; Cancelled. Thread-safe.
absl::StatusOr<CompiledModel> CompileModel(const model::Model& model,
                                           const CompileOptions& options);

}  // namespace rulecheck::native

#endif  // RULECHECK_NATIVE_NATIVE_H_
