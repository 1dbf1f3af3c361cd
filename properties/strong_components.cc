// StrongComponents (see strong_components.h).
#include "properties/strong_components.h"

#include "boost/graph/compressed_sparse_row_graph.hpp"
#include "boost/graph/strong_components.hpp"

namespace rulecheck::properties {

int StrongComponents(size_t n, const std::vector<std::pair<uint32_t, uint32_t>>& edges,
                     std::vector<int>& component) {
  component.assign(n, 0);
  if (n == 0) return 0;
  using Csr = boost::compressed_sparse_row_graph<boost::directedS>;
  const Csr csr(boost::edges_are_sorted, edges.begin(), edges.end(), n);
  return static_cast<int>(boost::strong_components(
      csr,
      boost::make_iterator_property_map(component.begin(), boost::get(boost::vertex_index, csr))));
}

}  // namespace rulecheck::properties
