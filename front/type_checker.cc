// The type checker's driver: the order of the passes, the global namespace, the declarations
// (signatures, state, init, rules, properties) and the bookkeeping of locals and frames. The
// passes run in dependency order: names first (so that any declaration may use any other),
// then constants (types need them), types, signatures, the recursion check (inlining needs
// it), and finally every body.
#include "front/type_checker.h"

#include <algorithm>
#include <cassert>
#include <cctype>

#include "absl/strings/str_cat.h"
#include "base/counts.h"
#include "front/source_display.h"
#include "front/type_checker_internal.h"

namespace rulecheck::front {
namespace {

ir::Type MakePlaceholder(ir::TypeKind kind) {
  ir::Type t;
  t.kind = kind;
  return t;
}

const char* kBuiltinTypes[] = {"bool", "int"};

// A property's name as reports show it: a command-line property is named by its text, which
// may hold any byte the shell passed; shown escaped, as diagnostics show source text.
std::string PropertyName(const ast::Decl& d) {
  return d.from_command_line ? EscapeForDisplay(d.name) : d.name;
}

}  // namespace

const ir::Type* ErrorType() {
  static const ir::Type t = MakePlaceholder(ir::TypeKind::kInt);
  return &t;
}
const ir::Type* NoneType() {
  static const ir::Type t = MakePlaceholder(ir::TypeKind::kOption);
  return &t;
}
const ir::Type* EmptySetType() {
  static const ir::Type t = MakePlaceholder(ir::TypeKind::kSet);
  return &t;
}

std::string TypeName(const ir::Type* t) {
  if (IsError(t)) return "<error>";
  if (t == NoneType()) return "none";
  if (t == EmptySetType()) return "{}";
  return t->ToString();
}

std::string Quote(std::string_view name) { return absl::StrCat("`", std::string(name), "`"); }

std::string Describe(SymbolKind kind) {
  switch (kind) {
    case SymbolKind::kBuiltinType:
    case SymbolKind::kType:
      return "type";
    case SymbolKind::kConstant:
      return "constant";
    case SymbolKind::kStateVar:
      return "state variable";
    case SymbolKind::kFun:
      return "function";
    case SymbolKind::kProc:
      return "procedure";
    case SymbolKind::kAction:
      return "action";
    case SymbolKind::kEvent:
      return "event";
    case SymbolKind::kTrigger:
      return "trigger";
    case SymbolKind::kInvariant:
      return "invariant";
    case SymbolKind::kReachable:
      return "reachable property";
    case SymbolKind::kQuery:
      return "query";
    case SymbolKind::kPolicy:
      return "policy";
  }
  return "name";
}

std::string WithArticle(SymbolKind kind) {
  std::string word = Describe(kind);
  bool vowel = word[0] == 'a' || word[0] == 'e' || word[0] == 'i' || word[0] == 'o';
  return absl::StrCat(vowel ? "an " : "a ", word);
}

void Check(const ast::File& file, const std::vector<ConstOverride>& overrides, ir::Program& program,
           Diagnostics& diagnostics, std::vector<std::string>& override_errors) {
  TypeChecker checker(file, overrides, program, diagnostics, override_errors);
  checker.Run();
}

TypeChecker::TypeChecker(const ast::File& file, const std::vector<ConstOverride>& overrides,
                         ir::Program& program, Diagnostics& diagnostics,
                         std::vector<std::string>& override_errors)
    : file_(file),
      overrides_(overrides),
      program_(program),
      types_(*program.types),
      diagnostics_(diagnostics),
      override_errors_(override_errors) {}

void TypeChecker::Run() {
  CollectNames();
  EvaluateConstants();
  ApplyOverrides();
  for (size_t i = 0; i < type_decls_.size(); ++i) {
    TypeOfDecl(static_cast<int>(i), type_decls_[i].decl->name_loc);
  }
  CheckStateTypes();
  for (size_t i = 0; i < type_decls_.size(); ++i) CheckCardValues(static_cast<int>(i));
  CheckCollectionConstants();
  CheckSignatures();
  CheckRecursion();
  CheckFunBodies();
  CheckProcBodies();
  CheckInit();
  CheckRules();
  CheckProperties();
  CheckPolicies();
  AddMoveMarkers();
}

namespace {

// Levenshtein distance, capped: names longer than 64 characters are never suggested.
size_t EditDistance(const std::string& a, const std::string& b) {
  if (a.size() > 64 || b.size() > 64) return 1000;
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                  std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string DidYouMean(const std::string& name, const std::vector<std::string>& candidates) {
  const std::string* best = nullptr;
  // Short names are too close to everything: only a difference in case is suggested then.
  size_t best_distance = name.size() <= 2 ? 1 : std::max<size_t>(1, name.size() / 3) + 1;
  for (const std::string& c : candidates) {
    if (c == name) continue;
    size_t d = EditDistance(name, c);
    if (d < best_distance) {
      best_distance = d;
      best = &c;
    }
  }
  return best == nullptr ? "" : absl::StrCat("; did you mean ", Quote(*best), "?");
}

std::string TypeChecker::Suggest(const std::string& name,
                                 const std::function<std::vector<std::string>()>& candidates) {
  if (suggestions_ >= kMaxSuggestions) return "";
  ++suggestions_;
  return DidYouMean(name, candidates());
}

std::vector<std::string> TypeChecker::GlobalNames(std::initializer_list<SymbolKind> kinds) const {
  std::vector<std::string> names;
  for (const auto& [name, symbol] : globals_) {
    for (SymbolKind k : kinds) {
      if (symbol.kind == k) names.push_back(name);
    }
  }
  return names;
}

std::vector<std::string> TypeChecker::ValueNames() const {
  std::vector<std::string> names = GlobalNames({SymbolKind::kConstant, SymbolKind::kStateVar});
  for (const auto& [name, refs] : enumerators_) names.push_back(name);
  for (size_t i = locals_base_; i < locals_.size(); ++i) names.push_back(locals_[i].name);
  return names;
}

bool TypeChecker::TooDeep(int depth, int limit, ir::Location loc, std::string_view what) {
  if (depth <= limit) return false;
  if (!depth_reported_) {
    depth_reported_ = true;
    diagnostics_.Error(loc, absl::StrCat(std::string(what), " is nested too deeply (more than ",
                                         limit, " levels)"));
  }
  return true;
}

void TypeChecker::Error(ir::Location loc, std::string message) {
  if (mute_ > 0) return;
  diagnostics_.Error(loc, std::move(message));
}

void TypeChecker::Declare(const std::string& name, ir::Location loc, Symbol symbol) {
  symbol.loc = loc;
  auto [it, inserted] = globals_.emplace(name, symbol);
  if (inserted) return;
  const Symbol& first = it->second;
  if (first.kind == SymbolKind::kBuiltinType) {
    Error(loc, absl::StrCat(Quote(name), " is a built-in type and cannot be declared again"));
  } else if (first.kind == symbol.kind) {
    Error(loc, absl::StrCat("duplicate ", Describe(symbol.kind), " ", Quote(name),
                            " (first declared at ", first.loc.line, ":", first.loc.column, ")"));
  } else {
    Error(loc,
          absl::StrCat("duplicate name ", Quote(name), ": already declared as ",
                       WithArticle(first.kind), " at ", first.loc.line, ":", first.loc.column));
  }
}

const Symbol* TypeChecker::FindGlobal(const std::string& name) const {
  auto it = globals_.find(name);
  return it == globals_.end() ? nullptr : &it->second;
}

void TypeChecker::CollectNames() {
  for (const char* name : kBuiltinTypes) {
    globals_.emplace(name, Symbol{SymbolKind::kBuiltinType, 0, ir::Location{}});
  }
  bool seen_game = false;
  for (const ast::Decl& d : file_.decls) {
    auto index = [](const auto& v) { return static_cast<int>(v.size()); };
    switch (d.kind) {
      case ast::DeclKind::kGame:
        if (seen_game) Error(d.loc, "duplicate `game` declaration");
        seen_game = true;
        program_.game_name = d.name;
        break;
      case ast::DeclKind::kConst:
        Declare(d.name, d.name_loc, {SymbolKind::kConstant, index(constants_)});
        constants_.push_back({&d});
        break;
      case ast::DeclKind::kEnum:
      case ast::DeclKind::kCards:
      case ast::DeclKind::kAlias:
      case ast::DeclKind::kStruct:
        Declare(d.name, d.name_loc, {SymbolKind::kType, index(type_decls_)});
        type_decls_.push_back({&d});
        if (d.kind == ast::DeclKind::kEnum || d.kind == ast::DeclKind::kCards) {
          DeclareEnum(d, index(type_decls_) - 1);
        }
        break;
      case ast::DeclKind::kState:
        for (const ast::StateVar& v : d.vars) {
          Declare(v.name, v.loc, {SymbolKind::kStateVar, index(state_decls_)});
          state_decls_.push_back(&v);
        }
        break;
      case ast::DeclKind::kInit:
        init_decls_.push_back(&d);
        break;
      case ast::DeclKind::kFun:
        Declare(d.name, d.name_loc, {SymbolKind::kFun, index(fun_decls_)});
        fun_decls_.push_back(&d);
        break;
      case ast::DeclKind::kProc:
        Declare(d.name, d.name_loc, {SymbolKind::kProc, index(procs_)});
        procs_.push_back({&d});
        break;
      case ast::DeclKind::kAction:
        Declare(d.name, d.name_loc, {SymbolKind::kAction, index(action_decls_)});
        action_decls_.push_back(&d);
        break;
      case ast::DeclKind::kEvent:
        Declare(d.name, d.name_loc, {SymbolKind::kEvent, index(event_decls_)});
        event_decls_.push_back(&d);
        break;
      case ast::DeclKind::kTrigger:
        Declare(d.name, d.name_loc, {SymbolKind::kTrigger, index(trigger_decls_)});
        trigger_decls_.push_back(&d);
        break;
      case ast::DeclKind::kInvariant:
      case ast::DeclKind::kReachable:
      case ast::DeclKind::kQuery:
        if (!d.from_command_line) {
          Declare(d.name, d.name_loc,
                  {d.kind == ast::DeclKind::kInvariant   ? SymbolKind::kInvariant
                   : d.kind == ast::DeclKind::kReachable ? SymbolKind::kReachable
                                                         : SymbolKind::kQuery,
                   0});
        }
        property_decls_.push_back(&d);
        break;
      case ast::DeclKind::kTerminal:
        property_decls_.push_back(&d);
        break;
      case ast::DeclKind::kTerminates:
        if (program_.terminates.has_value()) Error(d.loc, "duplicate `terminates` declaration");
        program_.terminates = d.loc;
        break;
      case ast::DeclKind::kPolicy:
        Declare(d.name, d.name_loc, {SymbolKind::kPolicy, index(policy_decls_)});
        policy_decls_.push_back(&d);
        break;
      case ast::DeclKind::kPending:
        if (pending_decl_ != nullptr) Error(d.loc, "duplicate `pending` declaration");
        pending_decl_ = &d;
        break;
    }
  }
  // A constant or state variable named like an enumerator would make the name ambiguous.
  for (const auto& [name, refs] : enumerators_) {
    const Symbol* s = FindGlobal(name);
    if (s == nullptr || (s->kind != SymbolKind::kConstant && s->kind != SymbolKind::kStateVar)) {
      continue;
    }
    Error(s->loc, absl::StrCat(Describe(s->kind), " ", Quote(name),
                               " has the name of a member of enum ", refs[0].def->name));
  }
}

void TypeChecker::CheckStateTypes() {
  for (const ast::StateVar* v : state_decls_) {
    ir::StateVar var;
    var.name = v->name;
    var.loc = v->loc;
    var.type = v->type ? ResolveStoredType(*v->type, "a state variable", false) : ErrorType();
    program_.state.push_back(std::move(var));
  }
}

std::vector<ir::Param> TypeChecker::CheckParams(const std::vector<ast::Param>& params,
                                                ParamsOf of) {
  std::vector<ir::Param> out;
  for (const ast::Param& p : params) {
    ir::Param param;
    param.name = p.name;
    param.loc = p.loc;
    if (p.is_var && of != ParamsOf::kProc) {
      Error(p.var_loc,
            "only a proc's parameter can be `var`: a fun's, action's or event's "
            "parameter is a value");
    }
    if (p.type == nullptr) {
      param.type = ErrorType();
    } else if (of == ParamsOf::kAction) {
      param.type = ResolveStoredType(*p.type, "a parameter of an action", true);
    } else if (of == ParamsOf::kEvent) {
      // An event's arguments wait in the pending list, which packs any scalar: an option of a
      // finite type too ("the card it hit, if any").
      param.type = ResolveStoredType(*p.type, "a parameter of an event", false);
      if (!IsError(param.type) && !param.type->is_scalar()) {
        Error(p.type->loc, absl::StrCat("a parameter of an event must be bool, an enum, a range "
                                        "or an option of one, found ",
                                        TypeName(param.type)));
        param.type = ErrorType();
      }
    } else {
      param.type = ResolveType(*p.type);
    }
    for (const ir::Param& earlier : out) {
      if (earlier.name == p.name) {
        Error(p.loc, absl::StrCat("duplicate parameter ", Quote(p.name)));
      }
    }
    out.push_back(std::move(param));
  }
  return out;
}

void TypeChecker::CheckInstanceCount(const ir::Action& action) {
  // Every instance's guard is evaluated in every state: beyond this, a search would never
  // finish a state (three parameters of a million values each are 2^60 instances).
  int64_t instances = 1;
  for (const ir::Param& p : action.params) {
    if (IsError(p.type)) return;
    const int64_t n = p.type->Cardinality();
    if (n == 0) return;
    if (n > kMaxCardinality || instances > kMaxCardinality / n) {
      Error(action.loc,
            absl::StrCat("action ", action.name, " has more than ",
                         base::GroupThousands(kMaxCardinality),
                         " instances (the product of its parameters' numbers of values); "
                         "give its parameters smaller types"));
      return;
    }
    instances *= n;
  }
}

void TypeChecker::CheckSignatures() {
  program_.funs.resize(fun_decls_.size());
  for (size_t i = 0; i < fun_decls_.size(); ++i) {
    const ast::Decl& d = *fun_decls_[i];
    ir::Fun& f = program_.funs[i];
    f.name = d.name;
    f.loc = d.name_loc;
    f.params = CheckParams(d.params, ParamsOf::kFun);
    f.result = d.type ? CheckWidth(ResolveType(*d.type), d.type->loc) : ErrorType();
  }
  for (ProcInfo& p : procs_) {
    program_.procs.push_back(p.decl->name);
    for (const ir::Param& param : CheckParams(p.decl->params, ParamsOf::kProc)) {
      p.params.push_back(param.type);
    }
  }
  program_.actions.resize(action_decls_.size());
  for (size_t i = 0; i < action_decls_.size(); ++i) {
    program_.actions[i].name = action_decls_[i]->name;
    program_.actions[i].loc = action_decls_[i]->name_loc;
    program_.actions[i].params = CheckParams(action_decls_[i]->params, ParamsOf::kAction);
    CheckInstanceCount(program_.actions[i]);
  }
  program_.events.resize(event_decls_.size());
  for (size_t i = 0; i < event_decls_.size(); ++i) {
    program_.events[i].name = event_decls_[i]->name;
    program_.events[i].loc = event_decls_[i]->name_loc;
    program_.events[i].params = CheckParams(event_decls_[i]->params, ParamsOf::kEvent);
  }
  program_.triggers.resize(trigger_decls_.size());
  for (size_t i = 0; i < trigger_decls_.size(); ++i) {
    const ast::Decl& d = *trigger_decls_[i];
    ir::Trigger& t = program_.triggers[i];
    t.name = d.name;
    t.loc = d.name_loc;
    t.event = -1;
    const Symbol* s = FindGlobal(d.event);
    if (s == nullptr) {
      Error(d.event_loc, absl::StrCat("undefined event ", Quote(d.event), Suggest(d.event, [&] {
                                        return GlobalNames({SymbolKind::kEvent});
                                      })));
    } else if (s->kind != SymbolKind::kEvent) {
      Error(d.event_loc,
            absl::StrCat(Quote(d.event), " is ", WithArticle(s->kind), ", not an event"));
    } else {
      t.event = s->index;
      const ir::Event& e = program_.events[s->index];
      if (e.params.size() != d.binders.size()) {
        Error(d.event_loc,
              absl::StrCat("event ", Quote(d.event), " has ", e.params.size(),
                           e.params.size() == 1 ? " argument" : " arguments",
                           ", but the trigger binds ", d.binders.size(), ": expected ",
                           e.params.size(), e.params.size() == 1 ? " argument" : " arguments",
                           ", found ", d.binders.size()));
      }
    }
  }
  if (pending_decl_ != nullptr && pending_decl_->value != nullptr) {
    std::optional<int64_t> n = ConstantInt(*pending_decl_->value, "the pending capacity");
    program_.pending_loc = pending_decl_->loc;
    if (n.has_value()) {
      if (*n < 1 || *n > 4096) {
        Error(pending_decl_->value->loc,
              absl::StrCat("the pending capacity must be between 1 and 4096, found ", *n));
      } else {
        program_.pending_capacity = *n;
      }
    }
  }
}

void TypeChecker::CheckFunBodies() {
  for (size_t i = 0; i < fun_decls_.size(); ++i) {
    const ast::Decl& d = *fun_decls_[i];
    ir::Fun& f = program_.funs[i];
    BeginUnit(&f.frame);
    for (ir::Param& p : f.params) {
      p.slot = BindLocal(p.name, p.loc, p.type, LocalKind::kParam).slot;
    }
    if (d.value != nullptr) f.body = Coerce(CheckExpr(*d.value), f.result);
    if (f.body == nullptr) f.body = ErrorExpr(d.loc);
  }
}

void TypeChecker::CheckInit() {
  BeginUnit(&program_.init_frame);
  for (size_t i = 0; i < state_decls_.size(); ++i) {
    if (state_decls_[i]->initial == nullptr) continue;
    program_.state[i].initial =
        Coerce(CheckExpr(*state_decls_[i]->initial), program_.state[i].type);
  }
  program_.init.loc = init_decls_.empty() ? ir::Location{} : init_decls_[0]->loc;
  for (const ast::Decl* d : init_decls_) {
    size_t mark = OpenScope();
    LowerStmts(d->body, program_.init.stmts);
    CloseScope(mark);
  }
}

ir::ExprPtr TypeChecker::CheckBy(const ast::Expr* by) {
  if (by == nullptr) return nullptr;
  ir::ExprPtr e = CheckExpr(*by);
  // A seat is an enum member (`P1`) or a number (`0..N-1`, when the number of players is a
  // constant); arithmetic computes in `int`, which has no seats to name.
  if (!IsError(e->type) && !e->type->is_finite_scalar()) {
    Error(by->loc, absl::StrCat("`by` needs a player: an expression of an enum, a range or "
                                "bool, found ",
                                TypeName(e->type),
                                e->type->kind == ir::TypeKind::kInt
                                    ? " (arithmetic is `int`: give the seat a range with a fun, "
                                      "`fun seat(): 0..N-1 = ...`)"
                                    : ""));
    return ErrorExpr(by->loc);
  }
  return e;
}

void TypeChecker::CheckRules() {
  for (size_t i = 0; i < action_decls_.size(); ++i) {
    const ast::Decl& d = *action_decls_[i];
    ir::Action& a = program_.actions[i];
    BeginUnit(&a.frame);
    for (ir::Param& p : a.params) {
      p.slot = BindLocal(p.name, p.loc, p.type, LocalKind::kParam).slot;
    }
    a.by = CheckBy(d.by.get());
    if (d.when != nullptr) {
      a.guard = CheckBool(*d.when);
      a.off_by = ConstantsSwitchingOff(*d.when, *a.guard);
    }
    LowerBlock(d.body, a.body);
  }
  for (size_t i = 0; i < trigger_decls_.size(); ++i) {
    const ast::Decl& d = *trigger_decls_[i];
    ir::Trigger& t = program_.triggers[i];
    BeginUnit(&t.frame);
    const ir::Event* event = t.event >= 0 ? &program_.events[t.event] : nullptr;
    for (size_t b = 0; b < d.binders.size(); ++b) {
      const ir::Type* type =
          event != nullptr && b < event->params.size() ? event->params[b].type : ErrorType();
      ir::Param p;
      p.name = d.binders[b].name;
      p.loc = d.binders[b].loc;
      p.type = type;
      p.slot = BindLocal(p.name, p.loc, type, LocalKind::kBinder).slot;
      t.binders.push_back(std::move(p));
    }
    t.by = CheckBy(d.by.get());
    if (d.when != nullptr) {
      t.guard = CheckBool(*d.when);
      t.off_by = ConstantsSwitchingOff(*d.when, *t.guard);
    }
    LowerBlock(d.body, t.body);
  }
}

void TypeChecker::CheckProperties() {
  for (const ast::Decl* d : property_decls_) {
    if (d->value == nullptr) continue;
    if (d->kind == ast::DeclKind::kQuery && (d->query_kind == ast::QueryKind::kProbability ||
                                             d->query_kind == ast::QueryKind::kExpect)) {
      ir::ChanceQuery q;
      q.name = PropertyName(*d);
      q.loc = d->name_loc;
      const bool probability = d->query_kind == ast::QueryKind::kProbability;
      q.kind = probability ? ir::ChanceKind::kProbability : ir::ChanceKind::kExpect;
      BeginUnit(&q.frame);
      moved_allowed_ = true;
      q.expr = probability ? CheckBool(*d->value) : CheckInteger(*d->value);
      moved_allowed_ = false;
      program_.chance_queries.push_back(std::move(q));
      continue;
    }
    if (d->kind == ast::DeclKind::kQuery) {
      ir::Query q;
      q.name = PropertyName(*d);
      q.loc = d->name_loc;
      q.kind = d->query_kind == ast::QueryKind::kMaximize   ? ir::QueryKind::kMaximize
               : d->query_kind == ast::QueryKind::kMinimize ? ir::QueryKind::kMinimize
                                                            : ir::QueryKind::kReachable;
      BeginUnit(&q.frame);
      moved_allowed_ = true;
      q.expr = q.kind == ir::QueryKind::kReachable ? CheckBool(*d->value) : CheckInteger(*d->value);
      moved_allowed_ = false;
      if (d->within != nullptr) {
        std::optional<int64_t> n = ConstantInt(*d->within, "`within`");
        if (n.has_value() && (*n < 0 || *n > 1'000'000)) {
          Error(d->within->loc,
                absl::StrCat("`within` must be between 0 and 1000000 steps, found ", *n));
        } else if (n.has_value()) {
          q.within = *n;
        }
      }
      program_.queries.push_back(std::move(q));
      continue;
    }
    ir::Property p;
    p.name = PropertyName(*d);
    p.loc = d->kind == ast::DeclKind::kTerminal ? d->loc : d->name_loc;
    BeginUnit(&p.frame);
    moved_allowed_ = d->kind != ast::DeclKind::kTerminal;
    p.expr = CheckBool(*d->value);
    moved_allowed_ = false;
    switch (d->kind) {
      case ast::DeclKind::kTerminal:
        program_.terminals.push_back(std::move(p));
        break;
      case ast::DeclKind::kInvariant:
        program_.invariants.push_back(std::move(p));
        break;
      default:
        program_.reachables.push_back(std::move(p));
        break;
    }
  }
}

// ---------------------------------------------------------------- locals and frames

void TypeChecker::BeginUnit(ir::FrameLayout* frame) {
  frame_ = frame;
  locals_.clear();
  locals_base_ = 0;
}

int64_t TypeChecker::AllocSlot(const ir::Type* type) {
  if (frame_ == nullptr) frame_ = &scratch_frame_;
  if (IsError(type) || type->is_scalar()) return frame_->scalars++;
  int64_t offset = frame_->bits;
  uint64_t bits = uint64_t{frame_->bits} + type->width;
  frame_->bits = bits > kMaxTypeBits * 64 ? frame_->bits : static_cast<uint32_t>(bits);
  return offset;
}

const Local* TypeChecker::FindLocal(const std::string& name) const {
  for (size_t i = locals_.size(); i > locals_base_; --i) {
    if (locals_[i - 1].name == name) return &locals_[i - 1];
  }
  return nullptr;
}

const Local& TypeChecker::BindLocal(const std::string& name, ir::Location loc, const ir::Type* type,
                                    LocalKind kind) {
  if (const Local* outer = FindLocal(name)) {
    Error(loc, absl::StrCat(Quote(name), " would shadow the local ", Quote(name), " bound at ",
                            outer->loc.line, ":", outer->loc.column, "; choose another name"));
  } else if (const Symbol* s = FindGlobal(name);
             s != nullptr &&
             (s->kind == SymbolKind::kConstant || s->kind == SymbolKind::kStateVar)) {
    Error(loc,
          absl::StrCat(Quote(name), " would shadow the ", Describe(s->kind), " ", Quote(name),
                       " declared at ", s->loc.line, ":", s->loc.column, "; choose another name"));
  } else if (auto it = enumerators_.find(name); it != enumerators_.end()) {
    Error(loc, absl::StrCat(Quote(name), " would shadow the member ", Quote(name), " of enum ",
                            it->second[0].def->name, "; choose another name"));
  }
  Local local;
  local.name = name;
  local.loc = loc;
  local.type = type;
  local.kind = kind;
  local.slot = AllocSlot(type);
  locals_.push_back(std::move(local));
  return locals_.back();
}

ir::ExprPtr TypeChecker::MakeExpr(ir::ExprOp op, const ir::Type* type, ir::Location loc) {
  auto e = std::make_unique<ir::Expr>();
  e->op = op;
  e->type = type;
  e->loc = loc;
  return e;
}

}  // namespace rulecheck::front
