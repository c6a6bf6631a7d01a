#pragma once
// What sortscope does with a device whose submission did not finish even after the wait for it
// to drain (Context::run_commands): the GPU may still read and write every buffer, descriptor,
// pipeline, query pool and command buffer that submission used, and nothing says when it will
// stop. Freeing any of them would let the GPU write into memory the process reuses (lavapipe
// did: a write from its compiled shader into a freed buffer, a SEGV), and destroying the device
// under pending work is invalid. So the device is given up instead: from then on every destroy
// and free through it keeps the object (the process holds the memory until it ends, when the
// driver reclaims it), and submissions and waits answer VK_ERROR_DEVICE_LOST at once.
//
// One place covers every owner (plans, runners, steppers, the sample sort, views, the app's
// frames): each vk::raii object made from a vk::raii::Device calls the driver through that
// device's one dispatcher, which quarantine() rewires.
#include <cstddef>

#include <vulkan/vulkan_raii.hpp>

namespace ss {

// Gives `device` up as above. Idempotent. Objects made on other devices are untouched.
void quarantine(const vk::raii::Device& device);

// Keeps `object` (a raw pointer to memory that must never be freed: a driver's object, the
// instance of a given-up device) reachable until the process ends, so leak checkers see it as
// held, not lost.
void keep_until_exit(const void* object);

// How many objects quarantined devices were asked to destroy or free and kept (tests).
std::size_t quarantined_object_count();

}  // namespace ss
