/* bench/lists/wordcount.py in C (gcc -O2): the same text (same vocabulary, same generator), split
 * at spaces, counted in an open-addressing hash table of strings (FNV-1a, linear probing, entries
 * kept in insertion order as Python's dict keeps them), the 10 most frequent by a sort on (count
 * descending, insertion order), which is what Python's stable sorted(..., reverse=True) gives.
 * Prints its hot part's time (the second of two runs) on a line "time: ... ms". */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 1000000
#define NSYL 16
#define NVOCAB (NSYL * NSYL + NSYL * NSYL * NSYL)
#define TOP 10

static const char* SYLLABLES[NSYL] = {"ba", "ce", "di", "fo", "gu", "ha", "ke", "li",
                                      "mo", "nu", "pa", "re", "si", "to", "vu", "we"};

typedef struct {
  const char* key;
  long len;
  long count;
} entry;

typedef struct {
  long chars, distinct;
  char top_words[TOP][8];
  long top_counts[TOP];
} result;

static char vocab[NVOCAB][8];

static void make_vocabulary(void) {
  int k = 0;
  for (int a = 0; a < NSYL; ++a)
    for (int b = 0; b < NSYL; ++b) {
      strcpy(vocab[k], SYLLABLES[a]);
      strcat(vocab[k], SYLLABLES[b]);
      ++k;
    }
  for (int a = 0; a < NSYL; ++a)
    for (int b = 0; b < NSYL; ++b)
      for (int c = 0; c < NSYL; ++c) {
        strcpy(vocab[k], SYLLABLES[a]);
        strcat(vocab[k], SYLLABLES[b]);
        strcat(vocab[k], SYLLABLES[c]);
        ++k;
      }
}

/* The words joined by single spaces; *len_out is the length without the terminating 0. */
static char* make_text(long n, long* len_out) {
  make_vocabulary();
  long v = NVOCAB;
  int64_t x = 12345;
  long cap = n * 8 + 1, len = 0;
  char* text = malloc(cap);
  for (long k = 0; k < n; ++k) {
    x = (x * 1103515245 + 12345) % 2147483648;
    long a = x / 65536 % v;
    x = (x * 1103515245 + 12345) % 2147483648;
    long b = x / 65536 % v;
    const char* w = vocab[a * b / v];
    size_t wl = strlen(w);
    if (k > 0) text[len++] = ' ';
    memcpy(text + len, w, wl);
    len += wl;
  }
  text[len] = 0;
  *len_out = len;
  return text;
}

static uint64_t fnv1a(const char* s, long len) {
  uint64_t h = 14695981039346656037ull;
  for (long i = 0; i < len; ++i) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return h;
}

typedef struct {
  entry* entries; /* insertion order */
  long n, cap;
  long* slots; /* index into entries, -1 empty; a power of two, at most half full */
  long nslots;
} table;

static void grow(table* t) {
  long nslots = t->nslots * 2;
  long* slots = malloc(nslots * sizeof(long));
  for (long i = 0; i < nslots; ++i) slots[i] = -1;
  for (long e = 0; e < t->n; ++e) {
    uint64_t h = fnv1a(t->entries[e].key, t->entries[e].len) & (nslots - 1);
    while (slots[h] != -1) h = (h + 1) & (nslots - 1);
    slots[h] = e;
  }
  free(t->slots);
  t->slots = slots;
  t->nslots = nslots;
}

static void add_word(table* t, const char* w, long len) {
  uint64_t h = fnv1a(w, len) & (t->nslots - 1);
  for (;;) {
    long e = t->slots[h];
    if (e == -1) break;
    if (t->entries[e].len == len && memcmp(t->entries[e].key, w, len) == 0) {
      t->entries[e].count = t->entries[e].count + 1;
      return;
    }
    h = (h + 1) & (t->nslots - 1);
  }
  if (t->n == t->cap) {
    t->cap = t->cap * 2;
    t->entries = realloc(t->entries, t->cap * sizeof(entry));
  }
  t->entries[t->n] = (entry){w, len, 1};
  t->slots[h] = t->n;
  t->n = t->n + 1;
  if (t->n * 2 > t->nslots) grow(t);
}

static void count_words(const char* text, long len, table* t) {
  t->n = 0;
  t->cap = 64;
  t->entries = malloc(t->cap * sizeof(entry));
  t->nslots = 64;
  t->slots = malloc(t->nslots * sizeof(long));
  for (long i = 0; i < t->nslots; ++i) t->slots[i] = -1;
  long i = 0;
  while (i < len) {
    while (i < len && text[i] == ' ') ++i;
    long start = i;
    while (i < len && text[i] != ' ') ++i;
    if (i > start) add_word(t, text + start, i - start);
  }
}

static const entry* sort_base;

static int by_count_desc(const void* pa, const void* pb) {
  long a = *(const long*)pa, b = *(const long*)pb;
  if (sort_base[a].count != sort_base[b].count) return sort_base[a].count > sort_base[b].count ? -1 : 1;
  return a < b ? -1 : a > b;
}

static void bench(long n, result* r) {
  long len;
  char* text = make_text(n, &len);
  table t;
  count_words(text, len, &t);
  long* order = malloc(t.n * sizeof(long));
  for (long e = 0; e < t.n; ++e) order[e] = e;
  sort_base = t.entries;
  qsort(order, t.n, sizeof(long), by_count_desc);
  r->chars = len;
  r->distinct = t.n;
  for (int k = 0; k < TOP && k < t.n; ++k) {
    const entry* e = &t.entries[order[k]];
    memcpy(r->top_words[k], e->key, e->len);
    r->top_words[k][e->len] = 0;
    r->top_counts[k] = e->count;
  }
  free(order);
  free(t.entries);
  free(t.slots);
  free(text);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void) {
  result warm, r;
  bench(N, &warm);
  double t0 = now();
  bench(N, &r);
  double t1 = now();
  assert(warm.chars == r.chars && warm.distinct == r.distinct);
  printf("words %d chars %ld distinct %ld\n", N, r.chars, r.distinct);
  for (int k = 0; k < TOP && k < r.distinct; ++k) printf("%s %ld\n", r.top_words[k], r.top_counts[k]);
  printf("time: %.3f ms\n", (t1 - t0) * 1000.0);
  return 0;
}
