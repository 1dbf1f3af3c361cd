// Line indexing for source files.
#include "ir/source.h"

namespace rulecheck::ir {

size_t CharLength(std::string_view text, size_t pos) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  unsigned char lead = byte(pos);
  size_t length = 0;
  unsigned char low = 0x80, high = 0xbf;  // the range of the byte after the lead (RFC 3629)
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead == 0xe0) low = 0xa0;
    if (lead == 0xed) high = 0x9f;  // no surrogates
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead == 0xf0) low = 0x90;
    if (lead == 0xf4) high = 0x8f;
  } else {
    return 1;
  }
  if (pos + length > text.size()) return 1;
  if (byte(pos + 1) < low || byte(pos + 1) > high) return 1;
  for (size_t i = 2; i < length; ++i) {
    if ((byte(pos + i) & 0xc0) != 0x80) return 1;
  }
  return length;
}

SourceFile::SourceFile(std::string path, std::string text)
    : path_(std::move(path)), text_(std::move(text)) {
  constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
  if (std::string_view(text_).substr(0, kByteOrderMark.size()) == kByteOrderMark) {
    text_.erase(0, kByteOrderMark.size());
  }
  line_starts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i) {
    // A line ends at `\n`, `\r\n`, or a lone `\r`.
    const bool lone_cr = text_[i] == '\r' && (i + 1 == text_.size() || text_[i + 1] != '\n');
    if (text_[i] == '\n' || lone_cr) line_starts_.push_back(i + 1);
  }
}

std::string_view SourceFile::Line(int line) const {
  if (line < 1 || line > line_count()) return {};
  size_t begin = line_starts_[line - 1];
  size_t end = line < line_count() ? line_starts_[line] - 1 : text_.size();
  if (end > begin && text_[end - 1] == '\r') --end;
  return std::string_view(text_).substr(begin, end - begin);
}

}  // namespace rulecheck::ir
