export function useUnsavedChanges(_dirty: boolean): void {}
