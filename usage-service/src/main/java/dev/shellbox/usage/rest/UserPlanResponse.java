package dev.shellbox.usage.rest;

/**
 * A user's plan.
 *
 * @param assigned whether an admin assigned it (false: the default plan)
 */
public record UserPlanResponse(String userId, String plan, boolean assigned) {}
