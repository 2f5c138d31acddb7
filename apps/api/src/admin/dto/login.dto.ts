import { ApiProperty } from '@nestjs/swagger';
import type { LoginRequest } from '@app/contracts';
import { loginFieldError, MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH } from '@app/domain';
import { FormRule } from '../../common/form-rule.decorator';

/** The admin login form's fields, checked by its rule in libs/domain (`loginFormSchema`), as the page checks them. */
export class LoginDto implements LoginRequest {
  @ApiProperty({ example: 'admin', description: 'The admin username', maxLength: MAX_USERNAME_LENGTH })
  @FormRule((value) => loginFieldError('username', value))
  username!: string;

  @ApiProperty({ format: 'password', description: 'The admin password', maxLength: MAX_PASSWORD_LENGTH })
  @FormRule((value) => loginFieldError('password', value))
  password!: string;
}
