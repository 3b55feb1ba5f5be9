/**
 * Child JVMs: {@link io.wirespeed.childjvm.JvmCommand} builds the command line (this JVM's {@code java}, the flags
 * Aeron needs, class path, main class), {@link io.wirespeed.childjvm.ChildJvm} runs it, reads its output line by
 * line with deadlines and ends it with SIGTERM or SIGKILL. Tests use it through {@code io.wirespeed.test.ChildJvms};
 * the benchmark rig runs its steps with it.
 */
package io.wirespeed.childjvm;
