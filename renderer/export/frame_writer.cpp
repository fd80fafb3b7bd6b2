#include "renderer/export/frame_writer.h"

#include <chrono>
#include <exception>

#include "sim/rules/ruleset_files.h"

namespace vedette::render {

FrameWriter::FrameWriter(FrameSink& sink, bool hash, std::size_t capacity)
    : sink_(sink), hashing_(hash), capacity_(capacity), thread_([this] { run(); }) {}

FrameWriter::~FrameWriter() {
    if (thread_.joinable()) close();
}

double FrameWriter::push(RgbaImage frame) {
    const auto start = std::chrono::steady_clock::now();
    std::unique_lock lock(mutex_);
    room_.wait(lock, [&] { return queue_.size() < capacity_ || failed_; });
    const double waited =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    queue_.push_back(std::move(frame));
    ready_.notify_one();
    return waited;
}

bool FrameWriter::pop(RgbaImage& frame) {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return !queue_.empty() || closed_; });
    if (queue_.empty()) return false;
    frame = std::move(queue_.front());
    queue_.pop_front();
    room_.notify_one();
    return true;
}

std::string FrameWriter::close() {
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
        ready_.notify_all();
    }
    thread_.join();
    return error_;
}

void FrameWriter::run() {
    RgbaImage frame;
    try {
        while (pop(frame)) {
            if (hashing_) hash_ = sim::fnv1a64(frame.pixels.data(), frame.pixels.size(), hash_);
            sink_.write(frame);
        }
    } catch (const std::exception& e) {
        error_ = e.what();
        std::lock_guard lock(mutex_);
        failed_ = true;
        room_.notify_all();
    }
}

}  // namespace vedette::render
