package io.wirespeed.test;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;

/**
 * Marks a test (class or method) that takes seconds rather than milliseconds: separate JVMs, archives, a million
 * messages, a network with loss. CI ({@code ./mvnw -B verify}) runs every test; {@code -DexcludedGroups=slow} skips
 * these while iterating locally.
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Tag(SlowTest.TAG)
public @interface SlowTest
{
    /** The JUnit tag, for {@code -Dgroups} and {@code -DexcludedGroups}. */
    String TAG = "slow";
}
