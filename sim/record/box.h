#pragma once
// An optional value kept on the heap: what std::optional<T> says (empty or one T, compared and
// copied by value), in the space of a pointer. Events hold their motion and explanation this way
// because most events have neither, and a replay holds a hundred thousand events: inline, the two
// made each event about 170 bytes larger and loading a large replay measurably slower.

#include <memory>
#include <optional>
#include <utility>

namespace vedette::sim::record {

template <class T>
class Box {
public:
    Box() = default;
    Box(std::nullopt_t) {}
    Box(T value) : p_(std::make_unique<T>(std::move(value))) {}
    Box(std::optional<T> value) {
        if (value) p_ = std::make_unique<T>(std::move(*value));
    }
    Box(const Box& o) : p_(o.p_ ? std::make_unique<T>(*o.p_) : nullptr) {}
    Box(Box&&) noexcept = default;
    Box& operator=(const Box& o) {
        if (this != &o) p_ = o.p_ ? std::make_unique<T>(*o.p_) : nullptr;
        return *this;
    }
    Box& operator=(Box&&) noexcept = default;

    bool has_value() const { return p_ != nullptr; }
    explicit operator bool() const { return has_value(); }
    T& operator*() { return *p_; }
    const T& operator*() const { return *p_; }
    T* operator->() { return p_.get(); }
    const T* operator->() const { return p_.get(); }
    T& emplace() {
        p_ = std::make_unique<T>();
        return *p_;
    }
    void reset() { p_.reset(); }

    friend bool operator==(const Box& a, const Box& b) {
        if (!a.p_ || !b.p_) return !a.p_ && !b.p_;
        return *a.p_ == *b.p_;
    }

private:
    std::unique_ptr<T> p_;
};

}  // namespace vedette::sim::record
