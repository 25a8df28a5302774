# mimalloc as the malloc of rlab and reconcile-lab (Debian's libmimalloc2.0, from
# scripts/install-deps.sh): the simulation makes millions of small, short-lived allocations
# (strings, trace texts, object copies); measured with callgrind on `rlab bench --size medium
# --replicas 50`, 9 % fewer instructions than glibc's malloc, and no arena fragmentation
# (unlink_chunk/malloc_consolidate were ~5 % of a medium run). Linked as a plain NEEDED library
# so its malloc/free interpose glibc's; not with sanitizers or libFuzzer (they bring their own
# allocator). rlab_link_mimalloc(target) links it into one executable; the window's timing tests
# (tst_responsiveness*) use it too, to measure the window as it ships.
option(RLAB_MIMALLOC "Link mimalloc into rlab and reconcile-lab when it is installed" ON)
if(RLAB_MIMALLOC AND NOT RLAB_SANITIZE AND NOT RLAB_FUZZ)
  find_library(RLAB_MIMALLOC_LIB NAMES mimalloc libmimalloc.so.2.0 libmimalloc.so.2)
  if(NOT RLAB_MIMALLOC_LIB)
    message(STATUS "mimalloc not found: rlab and reconcile-lab use glibc's malloc")
  endif()
endif()

function(rlab_link_mimalloc target)
  if(RLAB_MIMALLOC AND NOT RLAB_SANITIZE AND NOT RLAB_FUZZ AND RLAB_MIMALLOC_LIB)
    target_link_libraries(${target} PRIVATE "-Wl,--push-state,--no-as-needed" "${RLAB_MIMALLOC_LIB}" "-Wl,--pop-state")
  endif()
endfunction()
