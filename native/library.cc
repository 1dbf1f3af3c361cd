// Library: dlopen with RTLD_LOCAL, so that the generated code's symbols never meet another
// library's, and RTLD_NOW, so that a broken library fails here rather than mid-search.
#include "native/library.h"

#include <dlfcn.h>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace rulecheck::native {

absl::StatusOr<std::unique_ptr<Library>> Library::Open(const std::string& path, uint32_t words) {
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* error = dlerror();
    return absl::FailedPreconditionError(
        absl::StrCat("cannot load ", path, ": ", error != nullptr ? error : "unknown error"));
  }
  using Entry = const abi::Module* (*)();
  auto entry = reinterpret_cast<Entry>(dlsym(handle, "rulecheck_native_module"));
  const abi::Module* module = entry != nullptr ? entry() : nullptr;
  if (module == nullptr || module->abi_version != abi::kAbiVersion || module->words != words) {
    dlclose(handle);
    return absl::FailedPreconditionError(
        absl::StrCat(path, " is not a library generated for this model by this rulecheck"));
  }
  return std::unique_ptr<Library>(new Library(handle, module));
}

Library::~Library() { dlclose(handle_); }

}  // namespace rulecheck::native
