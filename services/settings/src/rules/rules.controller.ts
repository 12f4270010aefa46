import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequireLevel, type AuthUser } from '@sixa/auth';
import {
  ActivateBusinessRuleDto,
  CreateBusinessRuleDto,
  TestBusinessRuleDto,
  UpdateBusinessRuleDto,
} from '@sixa/contracts';
import { ExpectedRev } from '@sixa/mongo';
import { ExecutionsQuery } from './rules.query';
import { RulesService } from './rules.service';

/** Settings › Business Rules. Admin only. */
@ApiTags('settings')
@ApiBearerAuth()
@RequireLevel('admin')
@Controller('settings/business-rules')
export class RulesController {
  constructor(private readonly rules: RulesService) {}

  @Get()
  list() {
    return this.rules.list();
  }

  @Post()
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateBusinessRuleDto) {
    return this.rules.create(actor, dto);
  }

  @Put(':id')
  update(@Param('id') id: string, @Body() dto: UpdateBusinessRuleDto, @ExpectedRev('business rule') rev?: number) {
    return this.rules.update(id, dto, rev);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id') id: string) {
    return this.rules.remove(id);
  }

  @Post(':id/activate')
  @HttpCode(200)
  activate(@Param('id') id: string, @Body() dto: ActivateBusinessRuleDto) {
    return this.rules.activate(id, dto.is_active);
  }

  /** Runs the rule on a sample event and says what it would do; nothing is done. */
  @Post(':id/test')
  @HttpCode(200)
  test(@Param('id') id: string, @Body() dto: TestBusinessRuleDto) {
    return this.rules.test(id, dto);
  }

  @Get(':id/executions')
  executions(@Param('id') id: string, @Query() query: ExecutionsQuery) {
    return this.rules.log(id, query.matched === undefined ? undefined : query.matched === 'true');
  }
}
