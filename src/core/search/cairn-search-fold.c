/* cairn-search-fold.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "search/cairn-search-fold.h"

/* Finding the words in raw bytes, ignoring ASCII case: what both the scan
 * of a file and the walk over a line's spans run for every candidate. */

/* g_ascii_tolower() without the call: this runs for every candidate. */
static inline char
fold (char c)
{
  return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

static gboolean
equal_ascii_folded (const char *a,
                    const char *b,
                    gsize       length)
{
  for (gsize i = 0; i < length; i++)
    if (fold (a[i]) != fold (b[i]))
      return FALSE;
  return TRUE;
}

/**
 * cairn_search_find_ascii_folded:
 *
 * Returns: (nullable): the first place @needle occurs in @haystack,
 *   ignoring ASCII case
 */
const char *
cairn_search_find_ascii_folded (const char *haystack,
                                gsize       length,
                                const char *needle,
                                gsize       needle_length)
{
  const char *end = haystack + length;
  char lower, upper;
  const char *next_lower, *next_upper;

  if (needle_length == 0 || needle_length > length)
    return NULL;
  lower = g_ascii_tolower (needle[0]);
  upper = g_ascii_toupper (needle[0]);
  next_lower = memchr (haystack, lower, length);
  next_upper = lower == upper ? next_lower : memchr (haystack, upper, length);
  while (next_lower != NULL || next_upper != NULL)
    {
      const char *at = next_lower == NULL ? next_upper
                     : next_upper == NULL ? next_lower : MIN (next_lower, next_upper);

      if ((gsize)(end - at) < needle_length)
        return NULL;
      if (equal_ascii_folded (at + 1, needle + 1, needle_length - 1))
        return at;
      if (at == next_lower)
        next_lower = memchr (at + 1, lower, end - at - 1);
      if (at == next_upper)
        next_upper = lower == upper ? next_lower : memchr (at + 1, upper, end - at - 1);
    }
  return NULL;
}
