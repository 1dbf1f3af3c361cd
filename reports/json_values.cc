// Values, states, steps and traces as JSON (see json_values.h).
#include "reports/json_values.h"

#include "reports/format_util.h"

namespace rulecheck::reports {

Json ValueToJson(const model::Value& value) {
  switch (value.kind) {
    case model::Value::Kind::kBool:
      return value.bool_value;
    case model::Value::Kind::kInt:
      return value.int_value;
    case model::Value::Kind::kName:
      return value.name;
    case model::Value::Kind::kNone:
      return nullptr;
    case model::Value::Kind::kList: {
      Json list = Json::array();
      for (const model::Value& item : value.items) list.push_back(ValueToJson(item));
      return list;
    }
    case model::Value::Kind::kMap: {
      Json map = Json::object();
      for (const auto& [key, item] : value.entries) map[key] = ValueToJson(item);
      return map;
    }
  }
  return nullptr;
}

Json StepToJson(const model::Model& model, const results::TraceStep& step) {
  Json json = Json::object();
  json["move"] = model::FormatMoveCall(model, step.move);
  const std::string player =
      step.move.kind == ir::Move::Kind::kInit ? "" : model::FormatMovePlayer(step.move);
  json["by"] = player.empty() ? Json(nullptr) : Json(player);
  json["choices"] = MoveChoices(step.move);
  // A laid-out state has at least one word (even with no variables), so an empty one is absent.
  json["state"] = step.state.empty() ? Json(nullptr)
                                     : ValueToJson(model::DecodeState(model, step.state.data()));
  if (step.failed) {
    json["failed"] = true;
    json["error"] = step.error;
  }
  return json;
}

Json TraceToJson(const model::Model& model, const results::Trace& trace) {
  Json steps = Json::array();
  for (const results::TraceStep& step : trace) steps.push_back(StepToJson(model, step));
  return steps;
}

Json ModelToJson(const model::Model& model) {
  Json json = Json::object();
  json["file"] = model.source->path();
  json["game"] = model.program.game_name.empty() ? Json(nullptr) : Json(model.program.game_name);
  return json;
}

Json LocationToJson(const std::string& file, const ir::Location& location) {
  Json json = Json::object();
  json["file"] = file;
  json["line"] = location.valid() ? Json(location.line) : Json(nullptr);
  json["column"] = location.valid() ? Json(location.column) : Json(nullptr);
  return json;
}

Json PoliciesToJson(const model::Model& model,
                    const std::vector<results::FollowedPolicy>& policies) {
  Json list = Json::array();
  for (const results::FollowedPolicy& p : policies) {
    const auto [file, loc] = model.Resolve(p.loc);
    Json json = Json::object();
    json["name"] = p.name;
    json["seats"] = p.seats;
    json["location"] = LocationToJson(file->path(), loc);
    // null where the run did not see all it needed (odds stopped before its search ended).
    Json never = p.use_known ? Json::array() : Json(nullptr);
    for (const ir::Location& at : p.never_applied) {
      const auto [pfile, ploc] = model.Resolve(at);
      never.push_back(LocationToJson(pfile->path(), ploc));
    }
    json["never_applied"] = std::move(never);
    list.push_back(std::move(json));
  }
  return list;
}

void WriteJson(const Json& json, std::ostream& out) {
  out << json.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

}  // namespace rulecheck::reports
