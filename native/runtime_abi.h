// The whole interface between rulecheck and a model's generated shared library. It is
// self-contained (standard headers only) because it is copied verbatim into every generated
// source, which is compiled on the user's machine where no rulecheck header is installed; the
// host includes the same file, so both sides agree on every field by construction.
//
// The library exports one C symbol, `rulecheck_native_module`, returning a Module that lives
// as long as the library is loaded. It imports nothing: the host passes a Host with its
// callbacks and the buffer for a move's trail. All functions are reentrant (no global or
// thread-local state: the library allocates nothing that outlives a call), so any number of
// threads may call them at once, each with its own Host.
//
// The generated code implements a subset of the rules language (docs/architecture.md lists
// it) over packed states laid out as ir/state_layout.h says. It never reports a model error
// itself: where the interpreter would report one (a value leaving its type, a failed assert,
// the step budget spent), it stops and says so, and the host runs the interpreter on that
// state to report it with the interpreter's message and move.
#ifndef RULECHECK_NATIVE_RUNTIME_ABI_H_
#define RULECHECK_NATIVE_RUNTIME_ABI_H_

#include <atomic>
#include <cstdint>

namespace rulecheck::native::abi {

// Bumped on any change to this file; the host refuses a library of another version.
inline constexpr uint32_t kAbiVersion = 5;

// What a call reports: done (every successor was delivered), or stopped where the interpreter
// reports a model error (the successors delivered before the stop are the interpreter's
// first ones, in its order; the rest are not delivered).
enum Outcome : int32_t { kDone = 0, kStopped = 1 };

// One choice a move made (ir::Choice): `point` is the trail id of its choose, roll or may
// statement (ir::Program::trail_points), which tells the host its kind, name, type and
// location; then the value, its position among the candidates, and for a roll its weight
// out of the total (1 and 1 otherwise). A composite value (a sub-bag) is `word_count` words
// at `words` instead of `value`; `words` is null for a scalar.
struct Choice {
  uint32_t point;
  uint32_t position;
  int64_t value;
  uint64_t weight;
  uint64_t total;
  const uint32_t* words;
  uint64_t word_count;
};

// A move that gave a successor (ir::Move). The pointers are valid only during the call.
struct MoveMade {
  int32_t trigger;      // 0: an action (index into ir::Program::actions); 1: a trigger
  int32_t rule;         // the action's or trigger's index
  const int64_t* args;  // the action's parameters or the event's arguments (logical values)
  int64_t player;       // `by`, 0 without it
  const Choice* choices;
  uint64_t choice_count;
  const uint32_t* trail;  // when trails are recorded, ir::Move::trail; else trail_length is 0
  uint64_t trail_length;
};

// Supplied by the host for one call.
struct Host {
  void* context;
  // One successor: its packed words and the move that made it.
  void (*successor)(void* context, const uint32_t* state, const MoveMade* move);
  // The host's buffers for the trail and the choices of the move being made: room for
  // `*_capacity` entries. When one needs more, the library calls its grow function with the
  // entries written so far, which returns a buffer of at least `min_capacity` entries that
  // starts with them and sets *capacity to its size. The trail is used only when trails are
  // recorded.
  uint32_t* trail;
  uint64_t trail_capacity;
  uint32_t* (*grow_trail)(void* context, uint64_t length, uint64_t min_capacity,
                          uint64_t* capacity);
  Choice* choices;
  uint64_t choice_capacity;
  Choice* (*grow_choices)(void* context, uint64_t length, uint64_t min_capacity,
                          uint64_t* capacity);
  // Null, or a flag another thread may set to give the call up: it is read before each move
  // and every 65,536 steps of one, and once it is seen set the call stops (kStopped).
  const std::atomic<bool>* cancel;
};

struct Module {
  uint32_t abi_version;  // kAbiVersion of the generator
  uint32_t words;        // 32-bit words of a packed state
  // Every successor of a state that is not terminal, in the interpreter's order (the first
  // pending trigger's paths when one is pending, else every action instance's), each through
  // host->successor, with its trail when `record_trail` is not 0. Returns an Outcome.
  int32_t (*successors)(const uint32_t* state, const Host* host, int32_t record_trail);
  // 1 when some `terminal when` holds in the state, 0 when none does, -1 when deciding it
  // meets a model error (the host then asks the interpreter).
  int32_t (*is_terminal)(const uint32_t* state);
  // The value of state property `index` (the invariants, then the reachable properties, in
  // declaration order) in a state, into *value: 0; -1 when evaluating it meets a model error;
  // -2 when the property is not compiled (the host asks the interpreter in both cases).
  int32_t (*property)(int32_t index, const uint32_t* state, int64_t* value);
};

}  // namespace rulecheck::native::abi

// The one exported symbol.
extern "C" const rulecheck::native::abi::Module* rulecheck_native_module(void);

#endif  // RULECHECK_NATIVE_RUNTIME_ABI_H_
