#pragma once
// com_ptr<T>: owns one COM reference (AddRef/Release). A minimal stand-in for WRL's
// ComPtr, which is not available with vkd3d's headers.
#include <utility>

namespace xe::gfx::d3d12 {

template <typename T>
class com_ptr {
public:
  com_ptr() = default;
  com_ptr(std::nullptr_t) {}
  // Adopts an existing reference without AddRef.
  static com_ptr attach(T* p) {
    com_ptr c;
    c._p = p;
    return c;
  }
  // Shares an existing reference (AddRef).
  static com_ptr add_ref(T* p) {
    com_ptr c;
    c._p = p;
    if (p) p->AddRef();
    return c;
  }
  com_ptr(const com_ptr& o) : _p{o._p} {
    if (_p) _p->AddRef();
  }
  com_ptr(com_ptr&& o) noexcept : _p{std::exchange(o._p, nullptr)} {}
  com_ptr& operator=(const com_ptr& o) {
    com_ptr{o}.swap(*this);
    return *this;
  }
  com_ptr& operator=(com_ptr&& o) noexcept {
    com_ptr{std::move(o)}.swap(*this);
    return *this;
  }
  ~com_ptr() { reset(); }

  T* get() const { return _p; }
  T* operator->() const { return _p; }
  explicit operator bool() const { return _p != nullptr; }

  // Releases the held reference (if any) and returns the slot for an out-parameter.
  T** put() {
    reset();
    return &_p;
  }
  void reset() {
    if (_p) std::exchange(_p, nullptr)->Release();
  }
  // Gives up ownership without Release.
  T* detach() { return std::exchange(_p, nullptr); }
  void swap(com_ptr& o) noexcept { std::swap(_p, o._p); }

  // QueryInterface for U; null when the object does not implement it.
  template <typename U>
  com_ptr<U> as() const {
    com_ptr<U> out;
    if (_p) _p->QueryInterface(__uuidof(U), reinterpret_cast<void**>(out.put()));
    return out;
  }

private:
  T* _p{nullptr};
};

}  // namespace xe::gfx::d3d12
