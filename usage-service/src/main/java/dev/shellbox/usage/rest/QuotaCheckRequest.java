package dev.shellbox.usage.rest;

/**
 * The body of {@code POST /internal/v1/quota/check}.
 *
 * @param userId whose quota
 * @param limit the limit's snake_case name
 * @param amount how much the operation will use (default 1); for a ceiling, the requested value itself
 * @param operation optional: the operation checked for, as in usage events, for the metrics
 */
public record QuotaCheckRequest(String userId, String limit, Long amount, String operation) {}
