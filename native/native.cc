// CompileModel (see native.h): generate, build through the cache, load. A library in the
// cache that cannot be loaded (a file damaged outside rulecheck) is removed and built once
// more before the error is given.
#include "native/native.h"

#include <chrono>
#include <cstdio>
#include <utility>

#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "native/codegen.h"
#include "native/compiler.h"
#include "native/library.h"
#include "native/native_state_space.h"

namespace rulecheck::native {

std::optional<Engine> ParseEngine(std::string_view name) {
  if (name == "auto") return Engine::kAuto;
  if (name == "compiled") return Engine::kCompiled;
  if (name == "interpreted") return Engine::kInterpreted;
  return std::nullopt;
}

std::vector<std::string> EngineNames() { return {"auto", "compiled", "interpreted"}; }

absl::StatusOr<CompiledModel> CompileModel(const model::Model& model,
                                           const CompileOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  BuildRequest request;
  ASSIGN_OR_RETURN(request.source, GenerateSource(model));
  request.identity = model.source->text();
  for (const ir::Constant& constant : model.program.constants) {
    absl::StrAppend(&request.identity, "\n", constant.name, "=", constant.value);
  }
  request.cache_dir = options.cache_dir;
  request.only_cached = options.only_cached;
  request.cancel = options.cancel;
  request.background = options.background;
  ASSIGN_OR_RETURN(BuiltLibrary built, BuildLibrary(request));
  absl::StatusOr<std::unique_ptr<Library>> library =
      Library::Open(built.path, model.layout.words());
  if (!library.ok() && built.cached) {
    std::remove(built.path.c_str());
    ASSIGN_OR_RETURN(built, BuildLibrary(request));
    library = Library::Open(built.path, model.layout.words());
  }
  if (!library.ok()) return library.status();
  CompiledModel compiled;
  compiled.space = std::make_unique<NativeStateSpace>(model, *std::move(library));
  compiled.cached = built.cached;
  compiled.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return compiled;
}

}  // namespace rulecheck::native
