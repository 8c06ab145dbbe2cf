/* cairn-markdown-view.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CAIRN_TYPE_MARKDOWN_VIEW (cairn_markdown_view_get_type())

G_DECLARE_FINAL_TYPE (CairnMarkdownView, cairn_markdown_view, CAIRN, MARKDOWN_VIEW, GtkWidget)

GtkWidget  *cairn_markdown_view_new          (void);
const char *cairn_markdown_view_get_markdown (CairnMarkdownView *self);
void        cairn_markdown_view_set_markdown (CairnMarkdownView *self,
                                              const char        *markdown);

G_END_DECLS
