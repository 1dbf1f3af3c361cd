// The fixed part of every generated source (see prelude.h): the helpers the generated code
// calls for checked arithmetic, checked values, packed reads and writes, and the collection
// primitives. Each helper that can meet a model error calls Stop(), which unwinds to the
// exported entry point; the host then lets the interpreter report the error, so no message
// is written here. Each check mirrors the interpreter's (model/evaluator.cc,
// model/executor*.cc) so that the generated code stops exactly where the interpreter reports.
#include "native/prelude.h"

namespace rulecheck::native {

const char* GeneratedPrelude() {
  return R"prelude(
namespace {
namespace B = ::rulecheck::ir::bits;

struct Stopped {};
[[noreturn]] __attribute__((noinline, cold)) void Stop() { throw Stopped{}; }

constexpr int64_t kNone = INT64_MIN;
constexpr int64_t kMaxSteps = int64_t{1} << 24;  // model::Evaluator::kMaxMoveSteps

// A composite value or a place: bits from bit `b` of `w`.
struct Sl {
  uint32_t* w;
  uint64_t b;
};
inline Sl At(Sl s, uint64_t d) { return {s.w, s.b + d}; }

namespace abi = ::rulecheck::native::abi;

// A buffer of the host's for the move being made (runtime_abi.h): its trail or its choices.
// One that is not `on` stays empty (the trail when trails are not recorded). A flag rather
// than a template parameter: two copies of every body took twice as long to compile.
template <typename T>
struct Buffer {
  const abi::Host* host;
  T* (*grow)(void*, uint64_t, uint64_t, uint64_t*);
  T* data;
  uint64_t size;
  uint64_t capacity;
  bool on;
  void clear() { size = 0; }
  void push_back(const T& x) {
    if (!on) return;
    if (size == capacity) data = grow(host->context, size, 2 * size + 16, &capacity);
    data[size++] = x;
  }
};
using Trail = Buffer<uint32_t>;
using Choices = Buffer<abi::Choice>;

// Hands a finished path's successor `W` to the host.
inline void Deliver(const abi::Host* host, const uint32_t* W, int32_t trigger, int32_t rule,
                    const int64_t* args, int64_t player, const Trail& trail,
                    const Choices& choices) {
  const abi::MoveMade move{trigger, rule,         args,       player,
                           choices.data, choices.size, trail.data, trail.size};
  host->successor(host->context, W, &move);
}

// The nesting of the calls that run the rest of a path through a loop with a fork in its
// body (one per iteration): past kMaxNest the generated code stops and the interpreter,
// whose stack grows by forks only, takes the state.
constexpr int kMaxNest = 256;
struct Nest {
  explicit Nest(int& depth) : depth(depth) {
    if (++depth > kMaxNest) Stop();
  }
  ~Nest() { --depth; }
  int& depth;
};

// A move's step budget of kMaxSteps, handed out kPollSteps at a time so that the host's cancel
// flag is read between (model::Evaluator does the same; the generated source defines
// kPollSteps, model::CancelPollSteps): a move stops when it spends the budget or the flag
// is set, and the host's interpreter then reports the one or gives the expansion up for the
// other.
struct Budget {
  explicit Budget(const std::atomic<bool>* cancel = nullptr) : cancel(cancel) {
    if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) Stop();
  }
  int64_t left = kPollSteps;
  int64_t banked = kMaxSteps - kPollSteps;
  const std::atomic<bool>* cancel;
};
__attribute__((noinline)) inline void NextSteps(Budget& b) {
  if (b.banked == 0 || (b.cancel != nullptr && b.cancel->load(std::memory_order_relaxed))) Stop();
  const int64_t next = b.banked < kPollSteps ? b.banked : kPollSteps;
  b.banked -= next;
  b.left = next - 1;  // this step is the first of them
}
inline void Step(Budget& b) {
  if (--b.left < 0) NextSteps(b);
}

inline int64_t Add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) Stop();
  return r;
}
inline int64_t Sub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) Stop();
  return r;
}
inline int64_t Mul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) Stop();
  return r;
}
inline int64_t Div(int64_t a, int64_t b) {
  if (b == 0 || (a == INT64_MIN && b == -1)) Stop();
  return a / b;
}
inline int64_t Mod(int64_t a, int64_t b) {
  if (b == 0) Stop();
  if (a == INT64_MIN && b == -1) return 0;
  return a % b;
}
inline int64_t Neg(int64_t a) {
  if (a == INT64_MIN) Stop();
  return -a;
}
inline int64_t Abs(int64_t a) {
  if (a == INT64_MIN) Stop();
  return a < 0 ? -a : a;
}

// Value checks: `v` in lo..hi, or for an option also none.
inline bool In(int64_t v, int64_t lo, int64_t hi) { return v >= lo && v <= hi; }
inline bool InOpt(int64_t v, int64_t lo, int64_t hi) { return v == kNone || (v >= lo && v <= hi); }
inline int64_t Chk(int64_t v, int64_t lo, int64_t hi) {
  if (!In(v, lo, hi)) Stop();
  return v;
}
inline int64_t ChkOpt(int64_t v, int64_t lo, int64_t hi) {
  if (!InOpt(v, lo, hi)) Stop();
  return v;
}
// An array index as its ordinal in lo..hi.
inline uint64_t Idx(int64_t v, int64_t lo, int64_t hi) {
  if (!In(v, lo, hi)) Stop();
  return static_cast<uint64_t>(v - lo);
}
inline bool Truth(int64_t v) { return v != 0; }
inline int64_t Unwrap(int64_t v) {
  if (v == kNone) Stop();
  return v;
}
inline int64_t Min(int64_t a, int64_t b) { return a < b ? a : b; }
inline int64_t Max(int64_t a, int64_t b) { return a < b ? b : a; }
// Cyclic successor and predecessor of `v` among the `n` values from `base` on.
inline int64_t Next(int64_t v, int64_t base, int64_t n) {
  int64_t o = v - base;
  return base + (o + 1 == n ? 0 : o + 1);
}
inline int64_t Prev(int64_t v, int64_t base, int64_t n) {
  int64_t o = v - base;
  return base + (o == 0 ? n - 1 : o - 1);
}

// Scalars in packed form (ir::Type::Encode): a finite scalar is its ordinal, `base` being the
// value of ordinal 0; an option is 0 for none and ordinal + 1.
// The sums and differences are taken in uint64 (wrapping, so exact in two's complement): a
// range of more than 2^63 values, such as -1..9223372036854775807, has ordinals past int64.
inline int64_t Rd(Sl s, uint32_t width, int64_t base) {
  return static_cast<int64_t>(static_cast<uint64_t>(base) + B::Read(s.w, s.b, width));
}
inline int64_t RdOpt(Sl s, uint32_t width, int64_t base) {
  uint64_t x = B::Read(s.w, s.b, width);
  return x == 0 ? kNone : static_cast<int64_t>(static_cast<uint64_t>(base) + x - 1);
}
inline uint64_t Enc(int64_t v, int64_t base) {
  return static_cast<uint64_t>(v) - static_cast<uint64_t>(base);
}
inline uint64_t EncOpt(int64_t v, int64_t base) {
  return v == kNone ? 0 : static_cast<uint64_t>(v) - static_cast<uint64_t>(base) + 1;
}
inline void Wr(Sl s, uint32_t width, uint64_t bits) { B::Write(s.w, s.b, width, bits); }

// Composite copies; overlapping ranges of one array go through `tmp` (model::Executor).
inline void CopyBits(Sl to, Sl from, uint64_t width, uint32_t* tmp) {
  if (from.w == to.w && from.b != to.b && from.b < to.b + width && to.b < from.b + width) {
    B::Copy(tmp, 0, from.w, from.b, width);
    from = {tmp, 0};
  }
  B::Copy(to.w, to.b, from.w, from.b, width);
}
// The value of an option of a composite: its presence bit, then the value.
inline Sl UnwrapSl(Sl s) {
  if (B::Read(s.w, s.b, 1) == 0) Stop();
  return At(s, 1);
}
inline bool EqBits(Sl a, Sl b, uint64_t width) { return B::Equal(a.w, a.b, b.w, b.b, width); }
inline bool ZeroBits(Sl a, uint64_t width) { return B::IsZero(a.w, a.b, width); }

// Seqs: the length in `cw` bits, then slots of `ew` bits.
inline int64_t SeqLen(Sl s, uint32_t cw) { return static_cast<int64_t>(B::Read(s.w, s.b, cw)); }
inline Sl SeqSlot(Sl s, uint32_t cw, uint32_t ew, int64_t i) {
  return {s.w, s.b + cw + static_cast<uint64_t>(i) * ew};
}
// Element `i` (checked against the length): kSeqAt, kTop (i = -1), kBottom (i = -2).
inline Sl SeqElem(Sl s, uint32_t cw, uint32_t ew, int64_t i) {
  int64_t len = SeqLen(s, cw);
  if (i == -1 || i == -2) {
    if (len == 0) Stop();
    i = i == -1 ? len - 1 : 0;
  } else if (i < 0 || i >= len) {
    Stop();
  }
  return SeqSlot(s, cw, ew, i);
}
inline void SeqRemoveAt(Sl s, uint32_t cw, uint32_t ew, int64_t i) {
  int64_t len = SeqLen(s, cw);
  for (int64_t j = i; j + 1 < len; ++j) {
    Sl a = SeqSlot(s, cw, ew, j), b = SeqSlot(s, cw, ew, j + 1);
    B::Copy(a.w, a.b, b.w, b.b, ew);
  }
  Sl last = SeqSlot(s, cw, ew, len - 1);
  B::Clear(last.w, last.b, ew);
  B::Write(s.w, s.b, cw, static_cast<uint64_t>(len) - 1);
}
inline void SeqInsertAt(Sl s, uint32_t cw, uint32_t ew, int64_t i, uint64_t bits) {
  int64_t len = SeqLen(s, cw);
  for (int64_t j = len; j > i; --j) {
    Sl a = SeqSlot(s, cw, ew, j), b = SeqSlot(s, cw, ew, j - 1);
    B::Copy(a.w, a.b, b.w, b.b, ew);
  }
  Wr(SeqSlot(s, cw, ew, i), ew, bits);
  B::Write(s.w, s.b, cw, static_cast<uint64_t>(len) + 1);
}
inline void SeqPush(Sl s, uint32_t cw, uint32_t ew, int64_t cap, uint64_t bits) {
  int64_t len = SeqLen(s, cw);
  if (len >= cap) Stop();
  Wr(SeqSlot(s, cw, ew, len), ew, bits);
  B::Write(s.w, s.b, cw, static_cast<uint64_t>(len) + 1);
}
inline void SeqPushBottom(Sl s, uint32_t cw, uint32_t ew, int64_t cap, uint64_t bits) {
  if (SeqLen(s, cw) >= cap) Stop();
  SeqInsertAt(s, cw, ew, 0, bits);
}
// pop (top = true) and pop_bottom.
inline void SeqPop(Sl s, uint32_t cw, uint32_t ew, bool top) {
  int64_t len = SeqLen(s, cw);
  if (len == 0) Stop();
  SeqRemoveAt(s, cw, ew, top ? len - 1 : 0);
}
// Removes the topmost slot holding `bits`; false when none does.
inline bool SeqErase(Sl s, uint32_t cw, uint32_t ew, uint64_t bits) {
  for (int64_t i = SeqLen(s, cw) - 1; i >= 0; --i) {
    if (B::Read(s.w, SeqSlot(s, cw, ew, i).b, ew) == bits) {
      SeqRemoveAt(s, cw, ew, i);
      return true;
    }
  }
  return false;
}
inline bool SeqHas(Sl s, uint32_t cw, uint32_t ew, uint64_t bits) {
  int64_t len = SeqLen(s, cw);
  for (int64_t i = 0; i < len; ++i) {
    if (B::Read(s.w, SeqSlot(s, cw, ew, i).b, ew) == bits) return true;
  }
  return false;
}

// Bags (a count of `cw` bits per member ordinal) and sets (cw = 1).
inline uint64_t Count(Sl s, uint32_t cw, int64_t ord) {
  return B::Read(s.w, s.b + static_cast<uint64_t>(ord) * cw, cw);
}
// Adds a copy; false when the count is at `cap` (a set: already in, when `cap` is 1).
inline bool CountUp(Sl s, uint32_t cw, int64_t cap, int64_t ord) {
  uint64_t c = Count(s, cw, ord);
  if (static_cast<int64_t>(c) >= cap) return false;
  B::Write(s.w, s.b + static_cast<uint64_t>(ord) * cw, cw, c + 1);
  return true;
}
// Removes a copy; false when there is none.
inline bool CountDown(Sl s, uint32_t cw, int64_t ord) {
  uint64_t c = Count(s, cw, ord);
  if (c == 0) return false;
  B::Write(s.w, s.b + static_cast<uint64_t>(ord) * cw, cw, c - 1);
  return true;
}
// Every copy of the bag `v` (counts of `vcw` bits) taken out of the bag `p`, or put into it
// (`cap` copies of a member at most), member by member (Executor::ExecBagCopies).
inline void BagTake(Sl p, uint32_t cw, Sl v, uint32_t vcw, int64_t members) {
  for (int64_t o = 0; o < members; ++o) {
    const uint64_t k = B::Read(v.w, v.b + static_cast<uint64_t>(o) * vcw, vcw);
    if (k == 0) continue;
    const uint64_t has = Count(p, cw, o);
    if (has < k) Stop();
    B::Write(p.w, p.b + static_cast<uint64_t>(o) * cw, cw, has - k);
  }
}
inline void BagPut(Sl p, uint32_t cw, int64_t cap, Sl v, uint32_t vcw, int64_t members) {
  for (int64_t o = 0; o < members; ++o) {
    const uint64_t k = B::Read(v.w, v.b + static_cast<uint64_t>(o) * vcw, vcw);
    if (k == 0) continue;
    const uint64_t has = Count(p, cw, o);
    if (static_cast<int64_t>(has + k) > cap) Stop();
    B::Write(p.w, p.b + static_cast<uint64_t>(o) * cw, cw, has + k);
  }
}
// The sub-bags of a bag with `cap[o]` copies of member o: the vectors x with
// 0 <= x[o] <= cap[o] and sum n, in descending lexicographic order (Executor's
// ForEachSubBag). SubBagFirst puts the first into x (false: there is none); SubBagNext
// steps x to the next (false: x was the last).
inline bool SubBagFirst(const int64_t* cap, int64_t m, int64_t n, int64_t* x) {
  int64_t total = 0;
  for (int64_t o = 0; o < m; ++o) total += cap[o];
  if (n < 0 || n > total) return false;
  for (int64_t o = 0; o < m; ++o) {
    x[o] = Min(cap[o], n);
    n -= x[o];
  }
  return true;
}
inline bool SubBagNext(const int64_t* cap, int64_t m, int64_t* x) {
  // The last position that can give up one copy to the positions after it.
  int64_t later = 0, room = 0;  // copies at, and the most copies that fit in, those positions
  int64_t o = m;
  while (o-- > 0) {
    if (x[o] > 0 && room >= later + 1) break;
    later += x[o];
    room += cap[o];
  }
  if (o < 0) return false;
  --x[o];
  int64_t left = later + 1;
  for (int64_t p = o + 1; p < m; ++p) {
    x[p] = Min(cap[p], left);
    left -= x[p];
  }
  return true;
}
// C(n, k) for 0 <= k <= n, or 0 past 2^64 - 1 (Executor's Binomial).
inline uint64_t Binomial(int64_t n, int64_t k) {
  if (k > n - k) k = n - k;
  unsigned __int128 r = 1;
  for (int64_t i = 0; i < k; ++i) {
    r = r * static_cast<unsigned __int128>(n - i) / static_cast<unsigned __int128>(i + 1);
    if (r > ~uint64_t{0}) return 0;
  }
  return static_cast<uint64_t>(r);
}
// The ways to draw sub-bag x out of a bag with cap[o] copies of member o: the product of
// C(cap[o], x[o]) (Executor::ExecChooseSubBag).
inline uint64_t SubBagWays(const int64_t* cap, int64_t m, const int64_t* x) {
  uint64_t w = 1;
  for (int64_t o = 0; o < m; ++o) w *= Binomial(cap[o], x[o]);
  return w;
}
inline int64_t CountAll(Sl s, uint32_t cw, int64_t members) {
  int64_t total = 0;
  for (int64_t o = 0; o < members; ++o) total += static_cast<int64_t>(Count(s, cw, o));
  return total;
}

// Removes the first entry of the pending-trigger list (length `lw` bits at `lo`, entries of
// `ew` bits from `entries`): the later ones move down one slot (Executor::RemovePending).
inline void PendingPop(uint32_t* S, uint64_t lo, uint32_t lw, uint64_t entries, uint32_t ew) {
  const uint64_t len = B::Read(S, lo, lw);
  for (uint64_t j = 0; j + 1 < len; ++j) B::Copy(S, entries + j * ew, S, entries + (j + 1) * ew, ew);
  B::Clear(S, entries + (len - 1) * ew, ew);
  B::Write(S, lo, lw, len - 1);
}
}  // namespace
)prelude";
}

}  // namespace rulecheck::native
