/* bench/classes/binary_trees.py in C (gcc -O2): the same algorithm and output; a node is a malloc'd
 * struct of two pointers (NULL at the leaves), each tree freed after its check as CPython frees it
 * when its last reference goes. Prints its hot part's time (the second of two runs) on a line
 * "time: ... ms", as the Python program does. The maximum depth is 15, or argv[1]. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 15
#define MIN_DEPTH 4
#define MAX_CHECKS 64

typedef struct Node {
  struct Node* left;
  struct Node* right;
} Node;

static Node* node_new(Node* left, Node* right) {
  Node* n = malloc(sizeof(Node));
  if (!n) abort();
  n->left = left;
  n->right = right;
  return n;
}

static Node* make(int depth) {
  if (depth == 0) return node_new(NULL, NULL);
  Node* left = make(depth - 1);
  return node_new(left, make(depth - 1));
}

static long check(const Node* n) {
  if (n->left == NULL) return 1;
  return 1 + check(n->left) + check(n->right);
}

static void release(Node* n) {
  if (n->left != NULL) {
    release(n->left);
    release(n->right);
  }
  free(n);
}

static int max_depth_of(int n) { return n > MIN_DEPTH + 2 ? n : MIN_DEPTH + 2; }

/* The checks in the order they are printed; returns how many. */
static int bench(int n, long checks[MAX_CHECKS]) {
  int max_depth = max_depth_of(n);
  int k = 0;
  Node* stretch = make(max_depth + 1);
  checks[k++] = check(stretch);
  release(stretch);
  Node* long_lived = make(max_depth);
  for (int depth = MIN_DEPTH; depth <= max_depth; depth += 2) {
    long iterations = 1L << (max_depth - depth + MIN_DEPTH);
    long sum = 0;
    for (long i = 0; i < iterations; ++i) {
      Node* t = make(depth);
      sum += check(t);
      release(t);
    }
    checks[k++] = sum;
  }
  checks[k++] = check(long_lived);
  release(long_lived);
  return k;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : N;
  if (n > 40) n = 40;
  long warm[MAX_CHECKS], checks[MAX_CHECKS];
  int kw = bench(n, warm);
  double t0 = now();
  int k = bench(n, checks);
  double t1 = now();
  assert(k == kw);
  for (int i = 0; i < k; ++i) assert(checks[i] == warm[i]);
  int max_depth = max_depth_of(n);
  printf("stretch tree of depth %d\t check: %ld\n", max_depth + 1, checks[0]);
  int i = 1;
  for (int depth = MIN_DEPTH; depth <= max_depth; depth += 2)
    printf("%ld\t trees of depth %d\t check: %ld\n", 1L << (max_depth - depth + MIN_DEPTH), depth, checks[i++]);
  printf("long lived tree of depth %d\t check: %ld\n", max_depth, checks[i]);
  printf("time: %.3f ms\n", (t1 - t0) * 1000.0);
  return 0;
}
