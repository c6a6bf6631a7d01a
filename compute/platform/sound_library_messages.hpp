#pragma once
// The system sound library's own complaints on standard error. On Linux SDL's audio loads ALSA's
// libasound, whose default error handler prints a line for every device it fails to open ("ALSA
// lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default" and the like): on a machine without
// a sound card every start of the app printed several before sortscope's own line saying it runs
// without sound, which already names SDL's reason.
namespace ss::platform {

// Sends the sound library's messages nowhere, for the rest of the process. POSIX: where libasound
// can be loaded, its error handler is replaced (snd_lib_error_set_handler) on the very library
// SDL loads later (the same soname, hence the same copy); elsewhere, and on Windows, nothing.
// Call before SDL starts its audio.
void quiet_sound_library_messages();

}  // namespace ss::platform
