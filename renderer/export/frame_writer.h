#pragma once
// The export's writer thread: the render loop hands each finished frame over through a small
// bounded queue, and the thread hashes it (when asked) and writes it to the frame sink, so that
// encoding one frame overlaps rendering the next. A writer that fails stops taking frames; the
// render loop sees failed() and stops too.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

#include "renderer/export/frame_sink.h"
#include "renderer/image_io.h"

namespace vedette::render {

class FrameWriter {
public:
    // `capacity` frames may wait in the queue; `hash`: keep an FNV-1a 64 of every frame.
    FrameWriter(FrameSink& sink, bool hash, std::size_t capacity = 3);
    ~FrameWriter();  // close()s when that was not done
    FrameWriter(const FrameWriter&) = delete;
    FrameWriter& operator=(const FrameWriter&) = delete;

    // Queues the next frame; returns the seconds spent waiting for room.
    double push(RgbaImage frame);
    bool failed() const { return failed_.load(); }
    // No more frames: waits until those queued are written. Returns why writing failed ("" when
    // it did not).
    std::string close();
    // FNV-1a 64 of every frame written, in order (with `hash`; read after close()).
    std::uint64_t hash() const { return hash_; }

private:
    bool pop(RgbaImage& frame);
    void run();

    FrameSink& sink_;
    const bool hashing_;
    const std::size_t capacity_;
    std::deque<RgbaImage> queue_;
    std::mutex mutex_;
    std::condition_variable ready_, room_;
    bool closed_ = false;
    std::atomic<bool> failed_{false};
    std::string error_;  // read only after the thread has ended
    std::uint64_t hash_ = 0xcbf29ce484222325ULL;
    std::thread thread_;  // last: started once everything above is ready
};

}  // namespace vedette::render
