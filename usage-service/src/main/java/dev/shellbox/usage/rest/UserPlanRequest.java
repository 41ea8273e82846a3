package dev.shellbox.usage.rest;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The body of {@code PUT /v1/admin/users/{user}/plan}. */
public record UserPlanRequest(@JsonProperty(required = true) String plan) {}
