// Sanitizer builds only (VEDETTE_SANITIZE): every shared library stays loaded until the process
// ends. The Vulkan loader unloads Mesa's lavapipe driver and the validation layer when the
// instance is destroyed; LeakSanitizer, running at exit, then no longer sees their globals as roots
// and reports the memory those globals still point to as leaks from an "<unknown module>" that no
// suppression can name. A dlclose() defined in the executable takes the place of libc's for the
// loader (the executable's symbols come first), so nothing is unloaded and only real leaks remain.

extern "C" int dlclose(void* handle) {
    (void)handle;
    return 0;
}
