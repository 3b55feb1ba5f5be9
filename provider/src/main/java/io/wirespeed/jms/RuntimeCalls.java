package io.wirespeed.jms;

import javax.jms.JMSException;
import javax.jms.JMSRuntimeException;

import io.wirespeed.jms.exceptions.JmsExceptions;

/**
 * Calls into the classic API from the simplified one: a checked {@link JMSException} surfaces as its
 * {@link JMSRuntimeException} counterpart, so the state rules of the classic objects hold in both.
 */
final class RuntimeCalls
{
    private RuntimeCalls()
    {
    }

    /**
     * Runs an action of the classic API.
     *
     * @param action the action.
     * @return null, so that an action can stand where a value is expected.
     * @throws JMSRuntimeException the counterpart of the action's JMSException.
     */
    static Void run(final Action action)
    {
        try
        {
            action.run();
            return null;
        }
        catch (final JMSException ex)
        {
            throw JmsExceptions.toRuntime(ex);
        }
    }

    /**
     * Applies a call of the classic API to an object.
     *
     * @param call     the call.
     * @param argument the object called.
     * @param <A>      the object's type.
     * @param <T>      the result's type.
     * @return the call's result.
     * @throws JMSRuntimeException the counterpart of the call's JMSException.
     */
    static <A, T> T apply(final Call<A, T> call, final A argument)
    {
        try
        {
            return call.apply(argument);
        }
        catch (final JMSException ex)
        {
            throw JmsExceptions.toRuntime(ex);
        }
    }

    /**
     * An action of the classic API.
     */
    @FunctionalInterface
    interface Action
    {
        /**
         * Runs the action.
         *
         * @throws JMSException as the classic API does.
         */
        void run() throws JMSException;
    }

    /**
     * A call of the classic API on an object.
     *
     * @param <A> the object's type.
     * @param <T> the result's type.
     */
    @FunctionalInterface
    interface Call<A, T>
    {
        /**
         * Calls the object.
         *
         * @param argument the object.
         * @return the result.
         * @throws JMSException as the classic API does.
         */
        T apply(A argument) throws JMSException;
    }
}
