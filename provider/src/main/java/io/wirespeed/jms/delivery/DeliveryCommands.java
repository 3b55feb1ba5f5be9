package io.wirespeed.jms.delivery;

import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.ManyToOneConcurrentLinkedQueue;

/**
 * What other threads ask of a connection's delivery thread: actions it runs between deliveries, in the order they
 * were added, so that its state has one writer. A caller that needs the action done (removing a consumer, waiting
 * for the running listener to return) waits on its {@link Command}. Control-path only: a command is an object.
 */
final class DeliveryCommands
{
    private final ManyToOneConcurrentLinkedQueue<Command> queue = new ManyToOneConcurrentLinkedQueue<>();

    /**
     * Adds an action for the delivery thread; any thread.
     *
     * @param action what to run.
     * @return the command, to wait on.
     */
    Command add(final Runnable action)
    {
        final Command command = new Command(action, Thread.currentThread());
        queue.offer(command);
        return command;
    }

    /**
     * Runs every action added so far; the delivery thread, or the closing thread once it has ended.
     *
     * @return how many ran.
     */
    int run()
    {
        int count = 0;
        Command command;
        while (null != (command = queue.poll()))
        {
            command.run();
            count++;
        }
        return count;
    }

    /** An action handed to the delivery thread, and whether it has run. */
    static final class Command
    {
        private final Runnable action;
        private final Thread caller;
        private volatile boolean done;
        private RuntimeException failure;

        private Command(final Runnable action, final Thread caller)
        {
            this.action = action;
            this.caller = caller;
        }

        private void run()
        {
            try
            {
                action.run();
            }
            catch (final RuntimeException ex)
            {
                failure = ex;
            }
            finally
            {
                done = true;
                LockSupport.unpark(caller);
            }
        }

        /**
         * Waits, without giving up on interrupts (the interrupt status is kept), until the action has run; rethrows
         * what it threw.
         */
        void await()
        {
            boolean interrupted = false;
            while (!done)
            {
                LockSupport.park(this);
                interrupted |= Thread.interrupted();
            }
            if (interrupted)
            {
                Thread.currentThread().interrupt();
            }
            if (null != failure)
            {
                throw failure;
            }
        }
    }
}
