// A command-line face of support/npy_format for tests/npy_format_test.py, which checks it against
// Python's zipfile, binascii.crc32 and numpy:
//   npy_format_tool crc FILE                       the CRC-32 of FILE's bytes, in hex
//   npy_format_tool zip OUT store|deflate NAME=FILE...   an archive as np.savez writes one ("-":
//                                                        NAME=FILE lines on stdin)
//   npy_format_tool read ARCHIVE NAME              a member's bytes (CRC checked) to stdout
//   npy_format_tool list ARCHIVE                   the members: name method size compressed crc
//   npy_format_tool header DTYPE C|F DIM...        the .npy header numpy writes, to stdout
//   npy_format_tool npy FILE                       the header of an .npy file: descr fortran shape
#include "support/npy_format.hpp"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using namespace pyscript;

namespace {

std::string slurp(const char* path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

int fail(const std::string& what) {
  std::fprintf(stderr, "npy_format_tool: %s\n", what.c_str());
  return 1;
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 3) return fail("usage: crc|zip|read|list|header ...");
  std::string command = argv[1];
  if (command == "crc") {
    std::string bytes = slurp(argv[2]);
    // In uneven pieces, so that continuing a CRC is tested too.
    uint32_t crc = 0;
    for (size_t at = 0, step = 1; at < bytes.size(); at += step, step = step * 3 + 1)
      crc = npy::crc32(crc, bytes.data() + at, std::min(step, bytes.size() - at));
    std::printf("%08x\n", crc);
    return 0;
  }
  if (command == "zip") {
    if (argc < 4) return fail("zip OUT store|deflate NAME=FILE...");
    std::FILE* out = std::fopen(argv[2], "wb");
    if (!out) return fail(std::string("cannot write ") + argv[2]);
    bool deflate = std::strcmp(argv[3], "deflate") == 0;
    npy::ZipWriter zip(out);
    std::vector<std::string> specs(argv + 4, argv + argc);
    if (specs.size() == 1 && specs[0] == "-") { // NAME=FILE lines on stdin
      specs.clear();
      char line[4096];
      while (std::fgets(line, sizeof line, stdin))
        specs.push_back(std::string(line, std::strcspn(line, "\n")));
    }
    for (const std::string& arg : specs) {
      size_t eq = arg.find('=');
      std::string bytes = slurp(arg.substr(eq + 1).c_str());
      // Two pieces, as np.savez gives a header and the data.
      size_t half = bytes.size() / 2;
      if (!zip.add(arg.substr(0, eq),
                   {{bytes.data(), half}, {bytes.data() + half, bytes.size() - half}}, deflate))
        return fail("write error");
    }
    if (!zip.finish() || std::fclose(out) != 0) return fail("write error");
    return 0;
  }
  npy::InputFile f;
  if (command == "read" || command == "list") {
    if (!f.open(argv[2])) return fail(std::string("cannot open ") + argv[2]);
    std::string error;
    auto members = npy::read_zip_directory(f, error);
    if (!members) return fail(error);
    if (command == "list") {
      for (const npy::ZipMember& m : *members)
        std::printf("%s %u %llu %llu %08x\n", m.name.c_str(), unsigned(m.method),
                    (unsigned long long)m.size, (unsigned long long)m.compressed, m.crc);
      return 0;
    }
    const npy::ZipMember* m = argc > 3 ? npy::find_npz_member(*members, argv[3]) : nullptr;
    if (!m) return fail("no such member");
    npy::MemberReader reader(f, *m);
    char buffer[4096];
    for (;;) {
      int64_t got = reader.read(buffer, sizeof buffer, error);
      if (got < 0) return fail(error);
      if (got == 0) break;
      std::fwrite(buffer, 1, size_t(got), stdout);
    }
    if (!reader.check(error)) return fail(error);
    return 0;
  }
  if (command == "npy") {
    if (!f.open(argv[2])) return fail(std::string("cannot open ") + argv[2]);
    std::string first, error;
    f.read(0, 12, first);
    uint64_t size = npy::header_size(first, error);
    if (size == 0) return fail(error);
    std::string bytes;
    f.read(0, size_t(size), bytes);
    auto h = npy::parse_header(bytes, error);
    if (!h) return fail(error);
    std::printf("%s %d", h->descr.c_str(), int(h->fortran));
    for (int64_t d : h->shape)
      std::printf(" %lld", (long long)d);
    std::printf("\n");
    return 0;
  }
  if (command == "header") {
    if (argc < 4) return fail("header DTYPE C|F DIM...");
    std::string name = argv[2];
    npy::DType d = name == "float32"   ? npy::DType::Float32
                   : name == "float64" ? npy::DType::Float64
                   : name == "int64"   ? npy::DType::Int64
                                       : npy::DType::Bool;
    std::vector<int64_t> shape;
    for (int i = 4; i < argc; ++i)
      shape.push_back(std::stoll(argv[i]));
    std::string h = npy::header_bytes(d, std::strcmp(argv[3], "F") == 0, shape);
    std::fwrite(h.data(), 1, h.size(), stdout);
    // Read back, as np.load parses it.
    std::string error;
    auto parsed = npy::parse_header(h, error);
    if (!parsed || parsed->shape != shape || parsed->dtype != d || parsed->data_offset != h.size())
      return fail("the header does not parse back: " + error);
    return 0;
  }
  return fail("unknown command " + command);
}
