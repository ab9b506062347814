// print() as CPython prints: repr of floats (shortest round trip), True/False/None.
#include "pyscript/runtime.h"
#include "support/float_repr.hpp"
#include "support/format_spec.hpp"

#include <cinttypes>
#include <cstring>

static FILE* out_of(pyrt_context* ctx) { return ctx->out ? ctx->out : stdout; }

extern "C" {

void pyrt_print_int(pyrt_context* ctx, int64_t v) { std::fprintf(out_of(ctx), "%" PRId64, v); }

void pyrt_print_float(pyrt_context* ctx, double v) {
  char buf[40];
  size_t n = pyscript::format_float_repr(v, buf);
  std::fwrite(buf, 1, n, out_of(ctx));
}

void pyrt_print_bool(pyrt_context* ctx, int8_t v) { std::fputs(v ? "True" : "False", out_of(ctx)); }

void pyrt_print_none(pyrt_context* ctx) { std::fputs("None", out_of(ctx)); }

void pyrt_print_str(pyrt_context* ctx, const char* s) { std::fputs(s, out_of(ctx)); }

void pyrt_print_bytes(pyrt_context* ctx, const char* s, int64_t n) { std::fwrite(s, 1, size_t(n), out_of(ctx)); }

// f"{x:spec}": lowering checked the spec when compiling, so it parses here.
static bool parsed(const char* spec, pyscript::FormatKind kind, pyscript::FormatSpec& out) {
  return !pyscript::parse_format_spec(spec, kind, out);
}

static void write(pyrt_context* ctx, const std::string& text) { std::fwrite(text.data(), 1, text.size(), out_of(ctx)); }

void pyrt_print_format_int(pyrt_context* ctx, int64_t v, const char* spec) {
  pyscript::FormatSpec s;
  if (parsed(spec, pyscript::FormatKind::Int, s)) write(ctx, pyscript::format_int(v, s));
}

void pyrt_print_format_float(pyrt_context* ctx, double v, const char* spec) {
  pyscript::FormatSpec s;
  if (parsed(spec, pyscript::FormatKind::Float, s)) write(ctx, pyscript::format_float(v, s));
}

void pyrt_print_format_str(pyrt_context* ctx, const char* v, const char* spec) {
  pyscript::FormatSpec s;
  if (parsed(spec, pyscript::FormatKind::Str, s)) write(ctx, pyscript::format_str(v, s));
}

void pyrt_print_str_repr(pyrt_context* ctx, const char* s) {
  // CPython's repr: single quotes unless the text has one and no double quote.
  bool single = std::strchr(s, '\'') == nullptr || std::strchr(s, '"') != nullptr;
  char quote = single ? '\'' : '"';
  FILE* f = out_of(ctx);
  std::fputc(quote, f);
  for (const char* p = s; *p; ++p) {
    unsigned char c = static_cast<unsigned char>(*p);
    if (c == '\\') std::fputs("\\\\", f);
    else if (c == '\n') std::fputs("\\n", f);
    else if (c == '\t') std::fputs("\\t", f);
    else if (c == '\r') std::fputs("\\r", f);
    else if (c == static_cast<unsigned char>(quote)) std::fprintf(f, "\\%c", quote);
    else if (c < 0x20 || c == 0x7f) std::fprintf(f, "\\x%02x", c);
    else std::fputc(c, f);
  }
  std::fputc(quote, f);
}

} // extern "C"
