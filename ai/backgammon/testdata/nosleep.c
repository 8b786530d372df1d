/* nosleep.so: preloaded into GNU Backgammon by the net's recipe (games/backgammon/backgammon.mk)
 * and its match harness. gnubg's Python calls (evaluate, findbestmove) each end in a
 * 10 ms sleep while its task queue drains, which would make labelling a million positions
 * take three hours; this shortens exactly those 10 ms sleeps to 20 us and leaves every
 * other sleep as it is. Build: cc -O2 -shared -fPIC -o nosleep.so nosleep.c -ldl */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <time.h>

static struct timespec shorten(const struct timespec *r) {
  struct timespec s = *r;
  if (s.tv_sec == 0 && s.tv_nsec == 10000000) s.tv_nsec = 20000;
  return s;
}

int nanosleep(const struct timespec *req, struct timespec *rem) {
  static int (*real)(const struct timespec *, struct timespec *);
  if (!real) real = (int (*)(const struct timespec *, struct timespec *))dlsym(RTLD_NEXT, "nanosleep");
  struct timespec s = shorten(req);
  return real(&s, rem);
}

int clock_nanosleep(clockid_t c, int f, const struct timespec *req, struct timespec *rem) {
  static int (*real)(clockid_t, int, const struct timespec *, struct timespec *);
  if (!real) real = (int (*)(clockid_t, int, const struct timespec *, struct timespec *))dlsym(RTLD_NEXT, "clock_nanosleep");
  struct timespec s = shorten(req);
  return real(c, f, &s, rem);
}
