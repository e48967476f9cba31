// The shared endpoint catalogue writes paths as `{param}` templates (the interface's form,
// docs/decisions.md "The service's interface in the project"); Fastify wants `:param`.

export const routePath = (template: string) => template.replace(/\{(\w+)\}/g, ':$1');
