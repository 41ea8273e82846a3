package dev.shellbox.usage.rest;

/** The body of {@code PUT /v1/admin/users/{user}/plan}. */
public record UserPlanRequest(String plan) {}
