// A generated shared library, loaded (internal to native/). Opening it checks that it was
// generated for this interface (runtime_abi.h) and for states of the expected width, so a
// stale or foreign file in the cache is refused rather than run.
#ifndef RULECHECK_NATIVE_LIBRARY_H_
#define RULECHECK_NATIVE_LIBRARY_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "native/runtime_abi.h"

namespace rulecheck::native {

// Owns the loaded library; unloads it when destroyed. The Module is valid while this lives.
// Thread-safe (the module's functions are reentrant).
class Library {
 public:
  // Errors: FailedPrecondition naming the path when it cannot be loaded, has no
  // `rulecheck_native_module`, or its module has another ABI version or state width.
  static absl::StatusOr<std::unique_ptr<Library>> Open(const std::string& path, uint32_t words);
  ~Library();
  Library(const Library&) = delete;
  Library& operator=(const Library&) = delete;

  const abi::Module& module() const { return *module_; }

 private:
  Library(void* handle, const abi::Module* module) : handle_(handle), module_(module) {}

  void* handle_;
  const abi::Module* module_;
};

}  // namespace rulecheck::native

#endif  // RULECHECK_NATIVE_LIBRARY_H_
