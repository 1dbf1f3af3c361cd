// Statement execution with branching (internal to model/).
//
// The Executor runs the body of an action, a trigger or `init` on a working copy of a state.
// `choose`, `roll` and `may` fork the run; every path that reaches the end of the body gives
// one successor, `require false` drops its path, and an assert, a model error or a pending
// overflow ends its path with a StepFailure. The rest of a path is kept as an explicit
// continuation stack (the remaining statements of each enclosing block and the remaining
// iterations of each enclosing `for`), so a fork only has to save that stack, the working
// state and the frame, run each branch to the end, and put them back for the next branch.
// A choice with a single candidate does not fork at all. Snapshots are kept per fork depth
// and reused, so after warm-up a run allocates nothing.
#ifndef RULECHECK_MODEL_EXECUTOR_H_
#define RULECHECK_MODEL_EXECUTOR_H_

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "model/evaluator.h"
#include "model/model.h"
#include "model/successors.h"

namespace rulecheck::model {

class Executor {
 public:
  Executor(const Model& model, Evaluator& eval);
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;

  // The working state: fill it (e.g. with Begin) before Run.
  uint32_t* state() { return state_.data(); }
  // Copies `from` into the working state and points the evaluator at it.
  void Begin(const uint32_t* from);
  // Sets the working state to all zeros (every type's default) and points the evaluator at it.
  void BeginZero();
  // The move being built; Run appends the choices of each path to it.
  ir::Move& move() { return move_; }
  // Whether Run records the statements and branches of each path in Move::trail.
  void set_record_trail(bool record) { record_trail_ = record; }

  // Runs `body` from the working state with `frame` (laid out as `layout`) holding the
  // parameters. Every completed path goes to sink.OnSuccessor, every failed one to
  // sink.OnFailure. Leaves the working state undefined. Never throws ModelError.
  void Run(const ir::Block& body, Frame frame, const ir::FrameLayout& layout,
           ir::SuccessorSink& sink);

  // Sets each state variable that has an initial expression, in order, in the working state.
  // Throws ModelError.
  void InitVariables();

  // Removes pending entry `i` of the working state: the later ones move down one slot.
  void RemovePending(int64_t i);

  // Reports a failure of the current move to `sink`.
  // `limit`: the failure is one of the engine's limits (ir::StepFailure::limit).
  void Fail(ir::SuccessorSink& sink, ir::StepFailure::Kind kind, ir::Location loc,
            std::string message, bool limit = false);

 private:
  // A piece of the rest of a path: statements of a block from `next` on, or the iterations
  // of a `for` still to run (values cur..last of a range or type, or loop_values_[cur..last]
  // for a collection).
  struct Cont {
    enum Kind : uint8_t { kBlock, kRangeLoop, kListLoop };
    Kind kind = kBlock;
    uint32_t next = 0;
    const ir::Block* block = nullptr;
    const ir::Stmt* stmt = nullptr;
    int64_t cur = 0, last = 0;
    size_t list_begin = 0;
  };
  // What a fork puts back before each branch after the first.
  struct Snapshot {
    std::vector<uint32_t> state;
    std::vector<int64_t> scalars;
    std::vector<uint32_t> words;
    std::vector<Cont> cont;
    std::vector<int64_t> loop_values;
    size_t choices = 0;
    size_t trail = 0;
    std::vector<int64_t> candidates;
    std::vector<uint64_t> weights;         // a roll: each candidate's copies (language.md)
    std::vector<uint32_t> bag_candidates;  // a `sub(b, n)` choice: each candidate's words
  };
  // The most candidates one choose or roll may have.
  static constexpr size_t kMaxCandidates = size_t{1} << 20;

  // Runs the rest of the path; reports its end to the sink.
  void Continue();
  // Starts the next iteration of the loop on top of the continuation stack, or pops it.
  void NextIteration();
  // Runs one statement; false when the path ends here (forked, dropped or failed).
  bool Exec(const ir::Stmt& s);
  bool ExecFor(const ir::Stmt& s);
  // Makes `c` a loop over the values of `d` listed now (a collection, an option type).
  void ListLoop(const ir::Domain& d, Cont& c);
  bool ExecChoose(const ir::Stmt& s);
  // `choose h in sub(b, n)` (executor_sub_bags.cc): one branch per distinct sub-bag.
  bool ExecChooseSubBag(const ir::Stmt& s);
  // `move h from A to B`, `add(A, h)`, `remove(A, h)` of a bag `h`: every copy of it
  // (executor_sub_bags.cc).
  void ExecBagCopies(const ir::Stmt& s);
  bool ExecMay(const ir::Stmt& s);
  bool ExecEmit(const ir::Stmt& s);
  void ExecAssign(const ir::Stmt& s);
  void ExecLet(const ir::Stmt& s);
  void ExecCollection(const ir::Stmt& s);
  void ExecMove(const ir::Stmt& s);
  Snapshot& SnapshotAt(size_t depth);
  void Save(Snapshot& snap);
  void Restore(const Snapshot& snap);
  void PushBlock(const ir::Block& b);
  void Fail(ir::StepFailure::Kind kind, ir::Location loc, std::string message, bool limit = false);

  // An element to put into a collection: a scalar's logical value or a composite's bits
  // (copied to a temporary, so writing the collection cannot change it).
  struct Elem {
    const ir::Type* type = nullptr;
    int64_t scalar = 0;
    Slice slice;
  };
  // Throws ModelError when a scalar element is outside `elem_type`.
  Elem EvalElem(const ir::Type* elem_type, const ir::Expr& e);
  void WriteElem(uint32_t* words, uint64_t bit, const Elem& e);
  bool ElemEquals(const uint32_t* words, uint64_t bit, const Elem& e);
  // The collection primitives on a bag, set or seq place. Insert and Erase return an outcome
  // (done, full, absent, already present) and leave the wording of a message to the caller;
  // `strict` makes an element already in a set an error (for `move`). The seq primitives
  // REQUIRE an index in range and, for an insert, room.
  int Insert(const Place& p, const Elem& e, bool strict);
  int Erase(const Place& p, const Elem& e);
  void SeqInsertAt(const Place& p, int64_t i, const Elem& e);
  void SeqRemoveAt(const Place& p, int64_t i);
  std::string ElemText(const Elem& e);
  // `push(pegs[0], 3)`, `remove_at(s, 2)`: a statement as a message quotes it.
  std::string Quote(const char* op, const ir::Expr& place, const Elem* e, const int64_t* index);

  const ir::Program& program_;
  const ir::StateLayout& layout_;
  Evaluator& eval_;
  std::vector<uint32_t> state_;
  ir::Move move_;
  bool record_trail_ = false;
  ir::SuccessorSink* sink_ = nullptr;
  Frame frame_;
  uint32_t frame_scalars_ = 0;
  uint32_t frame_words_ = 0;
  std::vector<Cont> cont_;
  std::vector<int64_t> loop_values_;
  std::deque<Snapshot> snapshots_;
  size_t depth_ = 0;
  // Set when a way through the move hits one of the engine's limits (the step budget, a
  // choose's candidates): the move's other outcomes are not tried, as each would fail the
  // same way, one failure each.
  bool limit_hit_ = false;
  std::vector<std::vector<int>> triggers_on_;  // by event
  std::vector<FrameBuffer> guard_frames_;      // by trigger, for guards at emit time
  std::vector<int64_t> emit_args_;
};

}  // namespace rulecheck::model

#endif  // RULECHECK_MODEL_EXECUTOR_H_
