package dev.shellbox.shell.syntax;

/** One element of an array literal: {@code value}, {@code [key]=value} or {@code [key]+=value}. */
public record ArrayElement(Word key, Word value, boolean append) {}
