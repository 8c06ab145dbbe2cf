/* cairn-markdown-markup.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "markdown/cairn-markdown.h"

G_BEGIN_DECLS

/* For the parser: the markup it writes into blocks. */
void cairn_markdown_append_escaped   (GString    *out,
                                      const char *text,
                                      gsize       len);
void cairn_markdown_append_entity    (GString    *out,
                                      const char *text,
                                      gsize       len);
void cairn_markdown_append_link_open (GString    *out,
                                      const char *uri);

G_END_DECLS
