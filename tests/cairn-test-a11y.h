/* cairn-test-a11y.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* An AT-SPI client inside the test (cairn-test-a11y.c). */
typedef struct _CairnTestA11y CairnTestA11y;

CairnTestA11y *cairn_test_a11y_new       (void);
void           cairn_test_a11y_free      (CairnTestA11y *self);
GPtrArray     *cairn_test_a11y_walk      (CairnTestA11y *self);
void           cairn_test_a11y_ask_again (CairnTestA11y *self,
                                          GPtrArray     *refs);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CairnTestA11y, cairn_test_a11y_free)

G_END_DECLS
