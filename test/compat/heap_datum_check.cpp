// Built into the earlier releases' libraries that scripts/test.sh makes for
// the side-by-side test, never into uuid6 itself. Some minor releases'
// server headers turn heap_getattr() into a call of heap_datum_check(),
// which the server of an earlier minor release of the same major does not
// export, so a release library built against those headers would not load
// there. Where the server exports the function, the dynamic linker binds to
// it (the executable comes first); elsewhere this weak no-op stands in,
// doing what that server's own heap_getattr does: no check.
extern "C" {
__attribute__((weak, visibility("default"))) void heap_datum_check(void* tuple, void* descriptor) {
  (void)tuple;
  (void)descriptor;
}
}
